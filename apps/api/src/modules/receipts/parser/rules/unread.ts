import type { ParsedReceiptLine } from '../receipt-text.js';
import { cents, lineAmount } from '../receipt-numbers.js';
import { knownRetailer } from '../../receipt-keys.js';
import { afterArticles, noArticleName, RETURNED, type UnreadArticle, unreadName } from './items.js';
import { isHeaderish } from './layout.js';

/**
 * Articles whose name was read but whose amount was not get one from the rest of the receipt: an
 * article printed again (tills print each piece of a multi-buy on its own line) costs what its
 * twin costs, and the one article left without an amount costs what the total leaves over. With
 * more than one left, the arithmetic cannot split the rest.
 */
export function withUnreadAmounts(lines: ParsedReceiptLine[], unread: readonly UnreadArticle[], total: number | null, tax: number | null, notes: string[]): ParsedReceiptLine[] {
  const added: Array<{ after: number; line: ParsedReceiptLine }> = [];
  const sum = () => cents(lines.reduce((s, line) => s + line.totalPrice, 0) + added.reduce((s, { line }) => s + line.totalPrice, 0) + (tax ?? 0));
  const left: UnreadArticle[] = [];
  for (const article of unread) {
    // The count line above it gives it: count × price, never beyond the total.
    const counted = article.counted ? lineAmount(article.counted.quantity, article.counted.unitPrice) : null;
    if (article.counted && counted !== null && counted > 0 && (total === null || sum() + counted <= total + 0.005)) {
      notes.push(`line ${article.index + 1} "${article.name}": amount not read, taken as ${article.counted.quantity} × ${article.counted.unitPrice.toFixed(2)} (the count line above it)`);
      added.push({ after: article.after, line: { ...unreadLine(article, counted), quantity: article.counted.quantity, unitPrice: article.counted.unitPrice } });
      continue;
    }
    const twin = lines.find((line) => line.totalPrice > 0 && sameName(line.name, article.name));
    // Never beyond the total: then the twin is not what this line cost.
    if (twin && (total === null || sum() + twin.totalPrice <= total + 0.005)) {
      notes.push(`line ${article.index + 1} "${article.name}": amount not read, taken as ${twin.totalPrice.toFixed(2)} (the same article printed again)`);
      added.push({ after: article.after, line: unreadLine({ ...article, name: twin.name }, twin.totalPrice) });
    } else left.push(article);
  }
  if (left.length === 1 && total !== null) {
    const [article] = left;
    // Returned empties are a credit: what the total leaves over is one only when it is negative.
    const credit = RETURNED.test(article.name);
    const rest = cents((credit ? -1 : 1) * (total - sum()));
    // A rest above every amount read means more was lost than the one article (names glued onto others).
    if (rest > 0 && rest <= Math.max(0, ...lines.map((line) => Math.abs(line.totalPrice)))) {
      const amount = credit ? -rest : rest;
      notes.push(`line ${article.index + 1} "${article.name}": amount not read, taken as ${amount.toFixed(2)} (what the total leaves over)`);
      added.push({ after: article.after, line: unreadLine(article, amount) });
    }
  }
  if (added.length === 0) return lines;
  const out = [...lines];
  // From the bottom up, so that each article goes where it was printed.
  for (const { after, line } of [...added].sort((a, b) => b.after - a.after || b.line.sourceLines[0] - a.line.sourceLines[0])) out.splice(after, 0, line);
  out.forEach((line, n) => (line.position = n + 1));
  return out;
}

/** An address OCR misread past the header's patterns ("Friedrichshagener SLraße 4", "I 12555 Berlin"). */
const ADDRESS = /(?:ra(?:ß|ss)e|str[.,]?)\s*\d{1,3}(?!\d)|(?<!\d)\d{5}\s+\p{L}/iu;

const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** The read name `a`, or it with a few specks after it (where the amount was: "JOGHURT PUR as USE"). */
const sameName = (a: string, b: string) => key(a).length >= 4 && (key(a) === key(b) || (key(a).length >= 10 && key(b).startsWith(key(a)) && key(b).length - key(a).length <= 6));

/** The count printed before the name ("3 x Roggenbrot"): the quantity, not part of the name. */
const LEADING_COUNT = /^(\d{1,3})\s*[x×*]\s+(?=\p{L})/iu;

function unreadLine(article: UnreadArticle, amount: number): ParsedReceiptLine {
  const lead = LEADING_COUNT.exec(article.name);
  const count = lead ? Number(lead[1]) : 1;
  // The price of one when the amount divides into whole cents; else the count stays in the name.
  const each = count >= 2 && Math.round(amount * 100) % count === 0 ? cents(amount / count) : null;
  return {
    position: 0,
    kind: amount < 0 ? 'deposit' : 'item',
    rawText: article.name,
    name: each !== null && lead ? article.name.slice(lead[0].length) : article.name,
    quantity: each !== null ? count : 1,
    unit: 'piece',
    unitPrice: each ?? amount,
    totalPrice: amount,
    taxCode: null,
    barcode: null,
    sourceLines: [article.index],
  };
}

/**
 * A receipt whose total was read but not one article amount (the article-number line with the
 * amount lost, as electronics tills print it): its article is the most name-like line between the
 * header and the till data, card slip or total, and it costs the total. A draft to review rather
 * than no answer at all.
 */
export function soleArticle(texts: readonly string[], until: number, total: number, notes: string[]): ParsedReceiptLine | null {
  // Blocks of lines between header lines (address, phone, till data); the articles are the last
  // block before the first line that is never an article (till data, the card slip).
  let block: Array<{ index: number; name: string; words: number; letters: number }> = [];
  let last: typeof block = [];
  let header = false;
  for (let i = 0; i < until; i += 1) {
    const text = texts[i];
    if (text === '') continue;
    if (afterArticles(text)) break;
    if (noArticleName(text)) continue;
    const name = unreadName(text);
    if (isHeaderish(text) || ADDRESS.test(text)) {
      if (block.length > 0) last = block;
      block = [];
      header = true;
      continue;
    }
    // Above the first address or phone line is the store's name, not an article.
    if (header && /\p{L}{3}/u.test(name) && !knownRetailer(name)) block.push({ index: i, name, words: name.split(' ').length, letters: name.match(/\p{L}/gu)?.length ?? 0 });
  }
  if (block.length > 0) last = block;
  // The most name-like line of it: words rather than one (a heading), then the most letters.
  const best = [...last].sort((a, b) => Number(b.words > 1) - Number(a.words > 1) || b.letters - a.letters || a.index - b.index)[0];
  if (!best) return null;
  notes.push(`line ${best.index + 1} "${best.name}": no article amount read; the only article, taken as the total ${total.toFixed(2)}`);
  return { ...unreadLine({ name: best.name, index: best.index, after: 0 }, total), position: 1 };
}
