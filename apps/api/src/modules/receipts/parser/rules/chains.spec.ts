import { describe, expect, it } from 'vitest';
import { findChain, joinLetterSpaced } from './chains.js';

describe('chain from anywhere on the receipt', () => {
  it('joins letter-spaced names', () => {
    expect(joinLetterSpaced('A L D I')).toBe('ALDI');
    expect(joinLetterSpaced('R E W E')).toBe('REWE');
    expect(joinLetterSpaced('A L DI')).toBe('ALDI');
    expect(joinLetterSpaced('Milch 1,19 A')).toBe('Milch 1,19 A');
  });

  it('finds a letter-spaced name in the header', () => {
    expect(findChain(['R E W E', 'Hauptstr. 1', 'Milch 1,19 A'], 2)?.key).toBe('rewe');
  });

  it('finds the legal name in the footer when the logo is noise', () => {
    expect(findChain(['~%# ;', 'Hauptstr. 1', 'Milch 1,19 A', 'SUMME 1,19', 'Dirk Rossmann GmbH'], 2)).toEqual({ key: 'rossmann', label: 'Rossmann' });
  });

  it('finds the chain in a web address', () => {
    expect(findChain(['8 LER', 'Tisch 59,96', 'www.roller.de'], 1)?.label).toBe('ROLLER');
  });

  it('does not take a common word below the header for a chain', () => {
    expect(findChain(['Kiosk am Markt', 'Milch 1,19 A', 'MwSt Netto Brutto', 'A 7% 1,11 0,08 1,19'], 1)).toBeNull();
  });

  it('reads a long name with one letter misread in the header', () => {
    expect(findChain(['Marktkaut', 'Milch 1,19 B'], 1)?.key).toBe('marktkauf');
    expect(findChain(['Milch 1,19 B', 'Marktkaut'], 1)).toBeNull();
    expect(findChain(['Markt', 'MEDIA MARK an da', 'Kabel 9,99'], 2)?.key).toBe('mediamarkt');
  });

  it("reads a logo with one letter read as a digit or a sign, in the header only", () => {
    expect(findChain(['L9DL |)', 'Warburger Straße 130', 'Milch 1,19 A'], 2)?.key).toBe('lidl');
    expect(findChain(['L$DL.', 'Warburger Straße 130', 'Milch 1,19 A'], 2)?.key).toBe('lidl');
    expect(findChain(['Milch 1,19 A', 'L9DL 2,00'], 0)).toBeNull();
    // Digits around a word, or a number with letters in it, are no misread logo.
    expect(findChain(['4L1DL', 'A1B2'], 2)).toBeNull();
  });

  it('weighs the header above a name further down', () => {
    expect(findChain(['EDEKA', 'Milch 1,19', 'Coupon von Kaufland'], 1)?.key).toBe('edeka');
  });
});

describe('chain from what it prints besides its name', () => {
  it('knows a chain by its slogan, read with letters wrong and specks around', () => {
    expect(findChain(['LE 1 Bespekt, wer\'s selber macht.', 'Grüner Weg 1', 'Schraube 1,99'], 2)?.key).toBe('toom');
  });

  it("knows a chain by its own layout's heading", () => {
    expect(findChain(['®', 'Hauptstr. 1', 'Milch 1,19 A', 'zu zahlen 1,19', 'MWSTA MWST + Netto R Brutto'], 2)?.key).toBe('lidl');
  });

  it.each(['MWST% MWST Netto Brutto', 'MWST Netto MWST-BETRAG BRUTTO', 'MwSt% Netto MwSt Brutto', 'MWST-Satz Netto MWST Brutto', 'Steuer % Netto Steuer Brutto'])('does not take the VAT heading %j for a signature', (heading) => {
    expect(findChain(['~', 'Milch 1,19 A', heading], 1)).toBeNull();
  });

  it('reads a web address OCR spaced out', () => {
    expect(findChain(['~', 'Milch 1,19 A', 'www. mar ktkauf-Nord. de'], 1)?.key).toBe('marktkauf');
  });

  it('reads a legal name with one letter wrong beside its company form', () => {
    expect(findChain(['~', 'Milch 1,19 A', 'Dirk Rosmann GmbH'], 1)?.key).toBe('rossmann');
    expect(findChain(['~', 'Milch 1,19 A', 'Rosmann Str. 4'], 1)).toBeNull();
  });
});
