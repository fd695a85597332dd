import { describe, expect, it } from 'vitest';
import { checkBarcode, gtinCheckDigit, stripSeparators } from './barcodes.js';

describe('checkBarcode', () => {
  it.each([
    ['96385074', 'EAN-8'],
    ['036000291452', 'UPC-A'],
    ['4006381333931', 'EAN-13'],
    ['10614141000415', 'GTIN-14'],
  ])('accepts the valid GTIN %s as %s', (code, symbology) => {
    expect(checkBarcode(code)).toEqual({ valid: true, code, symbology, retail: true });
  });

  it('keeps leading zeros: UPC-A and its EAN-13 form are different codes', () => {
    expect(checkBarcode('0036000291452')).toMatchObject({ valid: true, code: '0036000291452', symbology: 'EAN-13' });
    expect(checkBarcode('036000291452')).toMatchObject({ code: '036000291452', symbology: 'UPC-A' });
  });

  it.each(['4006381333932', '96385075', '036000291453', '10614141000416'])('refuses the bad check digit of %s', (code) => {
    expect(checkBarcode(code)).toEqual({ valid: false, code, reason: 'checksum' });
  });

  it.each(['0000000000000', '00000000', '111111111111', '99999999999999'])('refuses the placeholder %s before the checksum', (code) => {
    expect(checkBarcode(code)).toEqual({ valid: false, code, reason: 'placeholder' });
  });

  it.each(['1234', '123456', '123456789', '12345678901', '123456789012345', '123456789012345678'])('treats %s as an internal code without a checksum', (code) => {
    expect(checkBarcode(code)).toEqual({ valid: true, code, symbology: 'Interner Code', retail: false });
  });

  // The service spec rejects every repeated-digit placeholder; the reference only GTIN-length ones.
  it.each(['0000', '111111111', '77777777777777777'])('refuses the placeholder %s at internal-code lengths too', (code) => {
    expect(checkBarcode(code)).toEqual({ valid: false, code, reason: 'placeholder' });
  });

  it.each([' 4006381 333931 ', '4006-3813-33931', '\t4006381333931\n', '4006381--333931'])('drops whitespace and hyphens in %j', (raw) => {
    expect(checkBarcode(raw)).toMatchObject({ valid: true, code: '4006381333931' });
  });

  it.each(['', '123', '1234567890123456789', '40063813339A1', '4006381.333931', '+4006381333931'])('refuses %j as malformed', (raw) => {
    expect(checkBarcode(raw)).toMatchObject({ valid: false, reason: 'format' });
  });
});

describe('helpers', () => {
  it('computes GTIN check digits', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('9638507')).toBe(4);
  });

  it('strips only whitespace and hyphens', () => {
    expect(stripSeparators(' 12-34 56 ')).toBe('123456');
    expect(stripSeparators('12.34')).toBe('12.34');
  });
});
