import { knownRetailer } from '../../receipt-keys.js';
import { RINGGIT } from '../receipt-numbers.js';

/**
 * The currency a receipt is in, from the symbols and codes printed beside its amounts, the
 * country its chain or VAT number belongs to, and its language. A symbol beside an amount
 * counts most; a lone "$" or "£" is as often a speck OCR read as a symbol, so it counts least.
 * EUR when nothing says otherwise (a German till prints no currency on most lines).
 */
export type Currency = 'EUR' | 'GBP' | 'USD' | 'CHF' | 'MYR' | 'SGD' | 'AUD' | 'CAD' | 'NZD' | 'INR' | 'PHP';

/**
 * The dollars of Singapore, Australia, Canada and New Zealand print as "S$", "A$", "C$" and "NZ$"
 * (or plain "$", which counts for USD unless the receipt's company form or country says otherwise);
 * Malaysian ringgit as "RM", Indian rupees as "₹" or "Rs.", Philippine pesos as "₱".
 */
const SYMBOLS: ReadonlyArray<readonly [Currency, string, 'exact case'?]> = [
  ['EUR', String.raw`€|\bEUR\b|\bEuro?\b`],
  ['GBP', String.raw`£|\bGBP\b`],
  ['USD', String.raw`(?<![SAC]|NZ)\$|\bUSD\b`],
  ['CHF', String.raw`\bCHF\b|\bSFr\b`],
  ['MYR', String.raw`${RINGGIT}|\bMYR\b`],
  ['SGD', String.raw`\bS\$|\bSGD\b`],
  ['AUD', String.raw`\bA\$|\bAUD\b`],
  ['CAD', String.raw`\bC\$|\bCAD\b`],
  ['NZD', String.raw`\bNZ\$|\bNZD\b`],
  ['INR', String.raw`₹|\bINR\b`],
  // "Rs." as the till prints it: "RS" or "rs" beside an amount is as often the end of a name.
  ['INR', String.raw`(?<![A-Za-z])Rs\.?(?=\s?\d)`, 'exact case'],
  ['PHP', String.raw`₱|\bPHP\b`],
];
const AMOUNT = String.raw`-?\d{1,6}[.,]\d{2}(?!\d)`;
const BESIDE = SYMBOLS.map(([currency, symbol, exact]) => [currency, new RegExp(String.raw`(?:${symbol})\s?${AMOUNT}|${AMOUNT}\s?(?:${symbol})`, exact ? 'g' : 'gi')] as const);
const ALONE = SYMBOLS.map(([currency, symbol, exact]) => [currency, new RegExp(symbol, exact ? 'g' : 'gi')] as const);

/** Chains by the currency of the country whose receipts they print (as `knownRetailer` keys them). */
const CHAIN_CURRENCY: Readonly<Record<string, Currency>> = {
  tesco: 'GBP',
  sainsburys: 'GBP',
  asda: 'GBP',
  morrisons: 'GBP',
  waitrose: 'GBP',
  walmart: 'USD',
  target: 'USD',
  costco: 'USD',
  kroger: 'USD',
  traderjoes: 'USD',
  wholefoods: 'USD',
  safeway: 'USD',
  walgreens: 'USD',
  cvs: 'USD',
  homedepot: 'USD',
  marksandspencer: 'GBP',
  boots: 'GBP',
  superdrug: 'GBP',
  migros: 'CHF',
  woolworths: 'AUD',
  coles: 'AUD',
  aeon: 'MYR',
  speedmart: 'MYR',
  mydin: 'MYR',
  fairprice: 'SGD',
};
/** Chains named on the receipt that only trade in the euro area (German chains abroad print their own currency). */
const EURO_CHAINS = new Set(['rewe', 'edeka', 'kaufland', 'rossmann', 'marktkauf', 'real', 'globus', 'tegut', 'famila', 'budni', 'alnatura', 'toom', 'hornbach', 'obi', 'bauhaus', 'hagebau', 'mediamarkt', 'saturn', 'thalia', 'fressnapf', 'westfalen', 'aral', 'nahkauf', 'hofer', 'billa', 'supervalu', 'dunnes', 'hit', 'combi', 'denns', 'totalenergies', 'star', 'avia']);
/** VAT numbers print their country: "USt-IdNr. DE 123456789", "VAT No. GB 123 4567 89". */
const VAT_ID = /\b(?:ust|uid|vat|steuer|tax)[\w.:\s-]{0,20}?\b(DE|ATU|GB|CHE)[\s-]?\d(?:[\s.-]?\d){7,11}/i;
const VAT_CURRENCY: Readonly<Record<string, Currency>> = { DE: 'EUR', ATU: 'EUR', GB: 'GBP', CHE: 'CHF' };
/** Addresses say the country too, more weakly: a UK postcode ("SW1A 1AA"), a US state and ZIP code ("Austin, TX 78701"), a Malaysian street or state. */
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/;
const US_ZIP = /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
/**
 * A company's legal form says its country: "Sdn. Bhd." Malaysia, "Pte. Ltd." Singapore; an ABN
 * (Australian Business Number) Australia. Each outweighs a lone "$".
 */
const COMPANY_FORM: ReadonlyArray<readonly [Currency, RegExp]> = [
  ['MYR', /\bsdn\.?\s*bhd\b/i],
  ['SGD', /\bpte\.?\s*ltd\b/i],
  ['AUD', /\bA\.?B\.?N\.?\s*:?\s*\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b/],
];
/** Currencies written "$" at home, besides the US dollar. */
const DOLLAR_COUNTRIES: readonly Currency[] = ['SGD', 'AUD', 'CAD', 'NZD'];
/**
 * Canada by its sales taxes (HST, QST, and their French names TPS/TVQ): whose dollars a "$" is;
 * more weakly by a province and postcode ("Toronto ON M5V 2T6"), as a card's approval code may
 * look like a postcode alone.
 */
const CANADA_TAX = /\b(?:HST|QST|TPS|TVQ)\b/;
const CANADA_POSTCODE = /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[ABCEGHJ-NPRSTVXY]\d[A-Z]\s?\d[A-Z]\d\b/;
/** India by its GST number or its central and state GST. */
const INDIA = /\b(?:GSTIN|CGST|SGST|IGST)\b/;
/** Malaysian addresses: a street (jalan), a housing estate (taman) or a state. */
const MY_ADDRESS = /\b(?:jalan|jln|taman|selangor|johor|kuala\s+lumpur|pulau\s+pinang|melaka|negeri\s+sembilan|pahang|perak|kedah|kelantan|terengganu|sabah|sarawak)\b/i;
/** Sales tax added on top of the lines, before the total, is how US tills print it. */
const SALES_TAX = /^\W*(?:sales\s+)?tax\b.*\d[.,]\d{2}/i;

export function findCurrency(texts: readonly string[], language: 'de' | 'en'): Currency {
  const weight = new Map<Currency, number>();
  // Countries the chain or the legal form names: whose dollars a "$" is.
  const named = new Set<Currency>();
  // Amounts printed with each sign.
  const beside = new Map<Currency, number>();
  // A German receipt is never in ringgit: its "RM" is a stere of firewood ("1 RM 89,00").
  const add = (currency: Currency, by: number) => {
    if (currency !== 'MYR' || language !== 'de') weight.set(currency, (weight.get(currency) ?? 0) + by);
  };
  for (const text of texts) {
    for (const [currency, pattern] of BESIDE) {
      const found = text.match(pattern)?.length ?? 0;
      add(currency, 3 * found);
      beside.set(currency, (beside.get(currency) ?? 0) + found);
    }
    for (const [currency, pattern] of ALONE) add(currency, (currency === 'EUR' || currency === 'CHF' ? 1 : 0.25) * (text.match(pattern)?.length ?? 0));
    const chain = knownRetailer(text);
    if (chain && CHAIN_CURRENCY[chain]) {
      add(CHAIN_CURRENCY[chain], 4);
      named.add(CHAIN_CURRENCY[chain]);
    } else if (chain && EURO_CHAINS.has(chain)) add('EUR', 4);
    const vat = VAT_ID.exec(text);
    if (vat) add(VAT_CURRENCY[vat[1].toUpperCase()], 4);
    if (UK_POSTCODE.test(text)) add('GBP', 1);
    if (US_ZIP.test(text)) add('USD', 1);
    if (MY_ADDRESS.test(text)) add('MYR', 1);
    if (SALES_TAX.test(text)) add('USD', 1);
    if (CANADA_TAX.test(text)) {
      add('CAD', 2);
      named.add('CAD');
    }
    if (CANADA_POSTCODE.test(text)) add('CAD', 1);
    if (INDIA.test(text)) add('INR', 4);
    for (const [currency, form] of COMPANY_FORM) {
      if (!form.test(text)) continue;
      add(currency, 4);
      named.add(currency);
    }
  }
  // A German receipt is in euro unless it clearly says otherwise (Switzerland prints CHF beside its amounts).
  if (language === 'de') add('EUR', 2);
  // Amounts with a country's dollar sign ("NZ$ 11.19") say whose the plain "$" ones are, when they
  // are not a single speck among many (two of them, or as many as the plain ones).
  for (const currency of DOLLAR_COUNTRIES) {
    const signed = beside.get(currency) ?? 0;
    if (signed > 0 && (signed >= 2 || signed >= (beside.get('USD') ?? 0))) named.add(currency);
  }
  // A chain or a legal form of a country that pays in dollars says whose dollars its "$" amounts are.
  const dollars = DOLLAR_COUNTRIES.filter((currency) => named.has(currency));
  if (dollars.length === 1 && weight.has('USD')) {
    add(dollars[0], weight.get('USD')!);
    weight.delete('USD');
  }
  const [best] = [...weight].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : 'EUR';
}

/**
 * "€0,05" read as "60,05": on a receipt that prints "€" before its amounts, an amount that
 * starts with a 6 where the others have their "€" is the sign misread; the sign is put back.
 */
export function restoreEuroSigns(texts: readonly string[]): string[] {
  const amountLines = texts.filter((text) => new RegExp(String.raw`\d[.,]\d{2}\b`).test(text));
  const prefixed = amountLines.filter((text) => /€\s?\d+[.,]\d{2}\b/.test(text)).length;
  if (prefixed < 2 || prefixed * 2 < amountLines.length) return [...texts];
  return texts.map((text) => (/€/.test(text) ? text : text.replace(/(?<=^|[\s-])6(?=\d{1,3}[.,]\d{2}(?:\s?[A-Z*])?\s*$)/, '€')));
}
