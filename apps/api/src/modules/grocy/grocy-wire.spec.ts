import { describe, expect, it } from 'vitest';
import { redactedReason } from '../../common/http/outbound-answer.js';
import { grocyActive, grocyDate, grocyId, grocyNumber, grocySystemInfo, groupGrocyStock } from './grocy-wire.js';

describe("reading Grocy's answers", () => {
  it('takes numbers as numbers or as the strings Grocy 3 sends', () => {
    expect([grocyNumber(2), grocyNumber('2.5'), grocyNumber(' 3 '), grocyNumber(''), grocyNumber('abc'), grocyNumber(null), grocyNumber(Number.NaN)]).toEqual([2, 2.5, 3, null, null, null, null]);
    expect([grocyId('7'), grocyId(7), grocyId('0'), grocyId(-1), grocyId('1.5')]).toEqual([7, 7, null, null, null]);
  });

  it('counts rows without `active` as active and reads 0, "0" and false as inactive', () => {
    expect([grocyActive({}), grocyActive({ active: 1 }), grocyActive({ active: '1' }), grocyActive({ active: 0 }), grocyActive({ active: '0' }), grocyActive({ active: false })]).toEqual([true, true, true, false, false, false]);
  });

  it('reads 2999-12-31 as "never" and cuts timestamps to the day', () => {
    expect([grocyDate('2999-12-31'), grocyDate('2025-03-20'), grocyDate('2025-03-20 10:00:00'), grocyDate('soon'), grocyDate(null)]).toEqual([null, '2025-03-20', '2025-03-20', null, null]);
  });

  it('groups stock by product id or nested product id: the largest aggregate wins, else the amounts add up; the earliest real date', () => {
    const stock = groupGrocyStock([
      { product_id: '1', amount: '2', amount_aggregated: '3', best_before_date: '2025-05-01' },
      { product_id: 1, amount: 1, amount_aggregated: 2, best_before_date: '2025-04-01' },
      { product_id: 2, amount: '0.1', best_before_date: '2999-12-31' },
      { product_id: 2, amount: 0.2 },
      { amount: 4, product: { id: '3', name: ' Bananen ' } },
      { product_id: 4, amount_total: '5', amount: 1 },
      { amount: 9 },
    ]);
    expect([...stock.values()]).toEqual([
      { grocyProductId: 1, productName: null, quantity: 3, bestBeforeDate: '2025-04-01' },
      { grocyProductId: 2, productName: null, quantity: 0.3, bestBeforeDate: null },
      { grocyProductId: 3, productName: 'Bananen', quantity: 4, bestBeforeDate: null },
      { grocyProductId: 4, productName: null, quantity: 5, bestBeforeDate: null },
    ]);
  });

  it('keeps the version fields of system/info', () => {
    expect(grocySystemInfo({ grocy_version: { Version: '4.2.0', ReleaseDate: '2024-10-01' }, php_version: '8.2', sqlite_version: '3.46', secret: 'x' })).toEqual({
      grocy_version: '4.2.0',
      grocy_release_date: '2024-10-01',
      php_version: '8.2',
      sqlite_version: '3.46',
    });
    expect(grocySystemInfo('nonsense')).toEqual({ grocy_version: null, grocy_release_date: null, php_version: null, sqlite_version: null });
  });

  it('keeps error reasons to one line of at most 500 characters, without the key', () => {
    const reason = redactedReason(`bad key sk-123 in\nline two ${'y'.repeat(900)}`, 'sk-123');
    expect(reason.startsWith('bad key [key] in line two y')).toBe(true);
    expect(reason).toHaveLength(500);
    expect(reason.endsWith('…')).toBe(true);
  });
});
