import { describe, expect, it } from 'vitest';
import { modeCode, modeFromCode, STATION_MODES } from './mode-codes';

describe('mode barcodes', () => {
  it('reads back every mode it prints, whatever the scanner does to case and spaces', () => {
    for (const mode of STATION_MODES) {
      expect(modeFromCode(modeCode(mode))).toBe(mode);
      expect(modeFromCode(` ${modeCode(mode).toLowerCase()}\n`)).toBe(mode);
      expect(modeFromCode(modeCode(mode).replaceAll('-', ''))).toBe(mode);
    }
  });

  it('leaves product codes and unknown modes alone', () => {
    for (const text of ['4006381333931', 'HINV-MODE-', 'HINV-MODE-DELETE', 'MODE-ADD', '']) expect(modeFromCode(text)).toBeNull();
  });
});
