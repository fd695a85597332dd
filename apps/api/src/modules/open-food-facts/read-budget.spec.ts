import { describe, expect, it } from 'vitest';
import { ReadBudget } from './read-budget.js';

/** Grants per sliding 60-s window when a client asks every `stepMs` for `totalMs`. */
function busiestMinute(budget: ReadBudget, stepMs: number, totalMs: number): number {
  const granted: number[] = [];
  for (let now = 0; now <= totalMs; now += stepMs) if (budget.take(now)) granted.push(now);
  let busiest = 0;
  for (let start = 0; start < granted.length; start += 1) {
    let end = start;
    while (end < granted.length && granted[end] - granted[start] < 60_000) end += 1;
    busiest = Math.max(busiest, end - start);
  }
  return busiest;
}

describe('Open Food Facts read budget', () => {
  it('keeps below 60 reads in any minute, from a fresh start', () => {
    expect(busiestMinute(new ReadBudget(59, 10), 50, 5 * 60_000)).toBeLessThanOrEqual(59);
    expect(busiestMinute(new ReadBudget(59, 10), 997, 5 * 60_000)).toBeLessThanOrEqual(59);
  });

  it('is not drained when the clock steps back', () => {
    const budget = new ReadBudget(59, 10);
    budget.take(600_000);
    expect(budget.take(0)).toBe(true);
  });

  it('allows a burst, then paces reads at the refill rate', () => {
    const budget = new ReadBudget(60, 10);
    const burst = Array.from({ length: 12 }, () => budget.take(0)).filter(Boolean).length;
    expect(burst).toBe(10);
    expect(budget.take(1_000)).toBe(false);
    expect(budget.take(1_200)).toBe(true); // 50 a minute: one token every 1.2 s
  });

  it('refills after an idle time only up to the burst', () => {
    const budget = new ReadBudget(60, 10);
    for (let i = 0; i < 10; i += 1) budget.take(0);
    const afterIdle = Array.from({ length: 20 }, () => budget.take(3_600_000)).filter(Boolean).length;
    expect(afterIdle).toBe(10);
  });
});
