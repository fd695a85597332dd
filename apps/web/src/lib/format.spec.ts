import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange, formatFileSize, formatMoney, formatMonth, formatQuantity, freshness, localDay } from './format';

describe('formatting per locale', () => {
  it('writes numbers the German and the English way', () => {
    expect(formatQuantity(1234.5, 'de')).toBe('1.234,5');
    expect(formatQuantity(1234.5, 'en')).toBe('1,234.5');
    expect(formatQuantity(0.1 + 0.2, 'en')).toBe('0.3');
  });

  it('writes euros and months the German and the English way', () => {
    // Intl separates amount and sign with a no-break space.
    expect(formatMoney(1234.56, 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(1234.56, 'en')).toBe('€1,234.56');
    expect(formatMonth('2026-11', 'de')).toBe('November 2026');
    expect(formatMonth('2026-03', 'en', 'short')).toBe('Mar');
    expect(formatMonth('2026-01', 'en')).toBe('January 2026');
    expect(formatDayRange('2026-10-01', '2026-10-23', 'de')).toBe('01.–23.10.2026');
    // Intl puts thin spaces around the dash in English.
    expect(formatDayRange('2026-02-01', '2026-02-28', 'en')).toBe('Feb 1\u2009–\u200928, 2026');
  });

  it('writes a calendar date without shifting it by the time zone', () => {
    expect(formatDay('2026-11-23', 'de')).toBe('23.11.2026');
    expect(formatDay('2026-11-23', 'en')).toBe('Nov 23, 2026');
    expect(formatDay('2026-01-01', 'de')).toBe('01.01.2026');
  });

  it('writes file sizes in kB below a megabyte, never as 0', () => {
    expect(formatFileSize(820_400, 'en')).toBe('820 kB');
    expect(formatFileSize(3_412_000, 'en')).toBe('3.4 MB');
    expect(formatFileSize(3_412_000, 'de')).toBe('3,4 MB');
    expect(formatFileSize(120, 'en')).toBe('1 kB');
  });

  it('counts days across a month end', () => {
    expect(localDay(1, new Date(2026, 0, 31))).toBe('2026-02-01');
    expect(localDay(0, new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
  });

  it('tells expired, soon and fine apart', () => {
    expect(freshness('2026-11-22', '2026-11-23')).toBe('expired');
    expect(freshness('2026-11-23', '2026-11-23')).toBe('soon');
    expect(freshness('2026-11-26', '2026-11-23')).toBe('soon');
    expect(freshness('2026-11-27', '2026-11-23')).toBe('ok');
    expect(freshness(null, '2026-11-23')).toBe('ok');
  });
});
