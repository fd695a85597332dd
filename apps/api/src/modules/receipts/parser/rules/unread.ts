import type { ParsedReceiptLine } from '../receipt-text.js';
import { cents } from '../receipt-numbers.js';
import { RETURNED, type UnreadArticle } from './items.js';

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

const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** The read name `a`, or it with a few specks after it (where the amount was: "JOGHURT PUR as USE"). */
const sameName = (a: string, b: string) => key(a).length >= 4 && (key(a) === key(b) || (key(a).length >= 10 && key(b).startsWith(key(a)) && key(b).length - key(a).length <= 6));

function unreadLine(article: UnreadArticle, amount: number): ParsedReceiptLine {
  return {
    position: 0,
    kind: amount < 0 ? 'deposit' : 'item',
    rawText: article.name,
    name: article.name,
    quantity: 1,
    unit: 'piece',
    unitPrice: amount,
    totalPrice: amount,
    taxCode: null,
    barcode: null,
    sourceLines: [article.index],
  };
}
