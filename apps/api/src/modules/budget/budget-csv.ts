import type { Locale } from '@hinv/shared';

/** One receipt line as the CSV lists it. */
export interface BudgetCsvLine {
  day: string;
  store: string;
  product: string;
  quantity: number;
  unitPrice: number | null;
  lineTotal: number | null;
}

const HEADERS: Record<Locale, readonly string[]> = {
  de: ['Datum', 'Geschäft', 'Produkt', 'Menge', 'Einzelpreis', 'Summe'],
  en: ['Date', 'Store', 'Product', 'Quantity', 'Unit price', 'Line total'],
};

// What spreadsheet programs would run as a formula (or a DDE command) at the start of a cell.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A month's counted receipt lines as CSV the way each locale's spreadsheet opens it without an
 * import dialog: German with `;` between cells and a decimal comma, English with `,` and a point.
 * Dates stay ISO (both read it as a date). Text from receipts is neutralised: a cell that would
 * start a formula gets a leading apostrophe, and cells with separators, quotes or line breaks are
 * quoted. A byte order mark lets Excel read the umlauts as UTF-8.
 */
export function budgetCsv(lines: readonly BudgetCsvLine[], locale: Locale): string {
  const separator = locale === 'de' ? ';' : ',';
  const number = (digits: number) => new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: 3 });
  const quantity = number(0);
  const money = number(2);
  const amount = (value: number | null) => (value === null ? '' : money.format(value));
  const cell = (text: string) => {
    const inert = FORMULA_START.test(text) ? `'${text}` : text;
    return /["\r\n]/.test(inert) || inert.includes(separator) ? `"${inert.replaceAll('"', '""')}"` : inert;
  };
  const rows = [
    HEADERS[locale].join(separator),
    ...lines.map((line) =>
      // Numbers never contain the separator: the decimal mark differs from it in both locales.
      [line.day, cell(line.store), cell(line.product), quantity.format(line.quantity), amount(line.unitPrice), amount(line.lineTotal)].join(separator),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
