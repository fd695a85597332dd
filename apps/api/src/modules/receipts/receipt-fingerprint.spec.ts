import { describe, expect, it } from 'vitest';
import { receiptFingerprint, type FingerprintInput } from './receipt-fingerprint.js';

const receipt: FingerprintInput = {
  storeName: 'REWE Markt GmbH',
  storeNumber: '1234',
  purchaseDate: '2025-03-14',
  currency: 'eur',
  total: 3.77,
  lines: [
    { name: 'VOLLMILCH 3,5%', quantity: 1, totalPrice: 1.19 },
    { name: 'JOGHURT NATUR', quantity: 2, totalPrice: 2.58 },
  ],
};

describe('receiptFingerprint', () => {
  it('is the same for the same purchase, whatever the line order, chain spelling or currency case', () => {
    const fingerprint = receiptFingerprint(receipt);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(receiptFingerprint({ ...receipt, storeName: 'Rewe', currency: 'EUR', lines: [...receipt.lines].reverse() })).toBe(fingerprint);
  });

  it('changes with the store number, date, total or any line', () => {
    const fingerprint = receiptFingerprint(receipt);
    expect(receiptFingerprint({ ...receipt, storeNumber: '9999' })).not.toBe(fingerprint);
    expect(receiptFingerprint({ ...receipt, purchaseDate: '2025-03-15' })).not.toBe(fingerprint);
    expect(receiptFingerprint({ ...receipt, total: 3.78 })).not.toBe(fingerprint);
    expect(receiptFingerprint({ ...receipt, lines: [receipt.lines[0], { ...receipt.lines[1], quantity: 3 }] })).not.toBe(fingerprint);
  });

  it('is null without store, date or total, or with fewer than two named lines', () => {
    expect(receiptFingerprint({ ...receipt, storeName: null })).toBeNull();
    expect(receiptFingerprint({ ...receipt, purchaseDate: null })).toBeNull();
    expect(receiptFingerprint({ ...receipt, total: null })).toBeNull();
    expect(receiptFingerprint({ ...receipt, lines: [receipt.lines[0], { name: '--', quantity: 1, totalPrice: 0.5 }] })).toBeNull();
  });
});
