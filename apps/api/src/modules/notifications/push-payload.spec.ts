import { describe, expect, it } from 'vitest';
import { expiryPayload, formatDate, formatQuantity, lowStockPayload, testPayload } from './push-payload.js';

describe('push payloads', () => {
  it.each([
    [1.5, 'de', '1,5'],
    [1.5, 'en', '1.5'],
    [2, 'de', '2'],
    [0.1 + 0.2, 'en', '0.3'],
    [1.23456, 'de', '1,235'],
    [1234.5, 'de', '1234,5'],
    [-0.0001, 'en', '0'],
  ] as const)('formats %s in %s as %s', (value, locale, text) => {
    expect(formatQuantity(value, locale)).toBe(text);
  });

  it('formats dates as DD.MM.YYYY in German and MM/DD/YYYY in English', () => {
    expect(formatDate('2026-03-07', 'de')).toBe('07.03.2026');
    expect(formatDate('2026-03-07', 'en')).toBe('03/07/2026');
  });

  it('names low stock with amounts and unit, and opens the shopping list', () => {
    const subject = { productId: 'p1', name: 'Hafermilch', unit: 'l', current: 1.5, minimum: 2 };
    expect(lowStockPayload(subject, 'de')).toEqual({
      title: 'Vorrat wird knapp',
      body: 'Hafermilch: noch 1,5 l (Mindestbestand 2 l)',
      url: '/shopping',
      tag: 'hinv-low-stock-p1',
      kind: 'low_stock',
      locale: 'de',
    });
    expect(lowStockPayload({ ...subject, unit: null }, 'en').body).toBe('Hafermilch: 1.5 left (minimum 2)');
  });

  it('says "expires on" up to today and "has expired" before it, and opens the product', () => {
    const lot = { lotId: 'l1', productId: 'p/1', name: 'Quark', unit: null, quantity: 1, bestBeforeDate: '2026-05-01' };
    expect(expiryPayload(lot, '2026-05-01', 'en')).toEqual({
      title: 'Check shelf life',
      body: 'Quark expires on 05/01/2026',
      url: '/products/p%2F1',
      tag: 'hinv-expiry-l1',
      kind: 'expiry',
      locale: 'en',
    });
    expect(expiryPayload(lot, '2026-05-02', 'de').body).toBe('Quark ist abgelaufen (01.05.2026)');
    expect(expiryPayload(lot, '2026-04-25', 'de')).toMatchObject({ title: 'Haltbarkeit prüfen', body: 'Quark ist mindestens haltbar bis 01.05.2026' });
  });

  it('has a test message in both languages', () => {
    expect(testPayload('de')).toMatchObject({ title: 'Household Inventory ist bereit', tag: 'hinv-test', kind: 'test' });
    expect(testPayload('en').title).toBe('Household Inventory is ready');
  });
});
