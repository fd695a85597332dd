import type { ScanMode } from '../offline-queue';

/**
 * Mode barcodes, the way Barcode Buddy does it: a printed Code 128 label per mode that a station's
 * scanner reads like any product. They can never be a product's code (letters and dashes).
 */
export const STATION_MODES = ['add', 'consume', 'open', 'shopping', 'identify'] as const satisfies readonly ScanMode[];
export type StationMode = (typeof STATION_MODES)[number];

const PREFIX = 'HINV-MODE-';

export const modeCode = (mode: StationMode): string => `${PREFIX}${mode.toUpperCase()}`;

// Compared without case, spaces or dashes: the camera path strips separators as it does for product codes.
const bare = (text: string) => text.toUpperCase().replace(/[\s-]+/g, '');

/** The mode a scanned text switches to, or null when it is an ordinary code. */
export function modeFromCode(text: string): StationMode | null {
  const normalised = bare(text);
  if (!normalised.startsWith(bare(PREFIX))) return null;
  return STATION_MODES.find((mode) => bare(modeCode(mode)) === normalised) ?? null;
}
