import { describe, expect, it } from 'vitest';
import { backoffDelay } from './live-stream';

describe('backoffDelay', () => {
  it('doubles from one second up to thirty, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(3, () => 0)).toBe(4000);
  });
});
