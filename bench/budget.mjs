// Server-side time of GET /insights/budget?months=24 over a long household history (24 months ×
// 150 receipts × 25 imported lines, bench/receipt-history.mjs) on a real SQLite file, with the
// built server's BudgetService. "Today" is the last day of the history's last month.
import { dist, openBenchDatabase, quantile, report } from './lib.mjs';
import { LINES, MONTHS, RECEIPTS_PER_MONTH, seedReceiptHistory } from './receipt-history.mjs';

const TODAY = new Date('2025-12-31T12:00:00.000Z');

export async function run() {
  const { BudgetService } = await dist('modules/budget/budget.service.js');
  const { database, close } = await openBenchDatabase('budget');
  const budget = new BudgetService({ env: { TZ: 'Europe/Berlin' } }, database, { now: () => TODAY });
  const timings = { 24: [], 6: [] };
  let answer;
  let spent;
  try {
    spent = await seedReceiptHistory(database);
    // Alternating, so both sizes see the same warm caches.
    for (let round = 0; round < 60; round += 1) {
      for (const months of [24, 6]) {
        const started = process.hrtime.bigint();
        const result = await budget.overview(months);
        if (round >= 10) timings[months].push(Number(process.hrtime.bigint() - started) / 1e6);
        if (months === 24) answer = result;
      }
    }
  } finally {
    await close();
  }
  const total = answer.months.reduce((sum, m) => sum + m.spent, 0);
  const receipts = answer.months.reduce((sum, m) => sum + m.receipt_count, 0);
  if (receipts !== MONTHS * RECEIPTS_PER_MONTH) throw new Error(`expected ${MONTHS * RECEIPTS_PER_MONTH} receipts, got ${receipts}`);
  if (Math.abs(total - spent) > 0.5) throw new Error(`expected ${spent.toFixed(2)} EUR, got ${total.toFixed(2)}`);
  const row = (list) => ({ median: quantile(list, 0.5, 1), p95: quantile(list, 0.95, 1), max: quantile(list, 1, 1) });
  report(
    'budget',
    { 'overview, 24 months (ms)': row(timings[24]), 'overview, 6 months (ms)': row(timings[6]) },
    {
      note: `${MONTHS} months × ${RECEIPTS_PER_MONTH} receipts × ${LINES} lines (${(MONTHS * RECEIPTS_PER_MONTH * LINES).toLocaleString('en')} lines); goal < 50 ms`,
      ratio_24_to_6_months: Number((quantile(timings[24], 0.5, 3) / quantile(timings[6], 0.5, 3)).toFixed(2)),
    },
  );
}
