import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jpegName, JPEG_QUALITY, mayScale, scaledSize, scalePhoto } from './scale-photo';

/** What the fake decoder and canvas saw, so a test can tell what the module asked for. */
interface Seen {
  decodeOptions: unknown[];
  drawn: { width: number; height: number }[];
  encoded: unknown[];
  closed: number;
}

/**
 * A browser without a real decoder: "decodes" any file to the given size (or refuses) and
 * "encodes" a JPEG of the given number of bytes.
 */
function fakeBrowser(decoded: { width: number; height: number } | null, jpegBytes: number): Seen {
  const seen: Seen = { decodeOptions: [], drawn: [], encoded: [], closed: 0 };
  vi.stubGlobal('createImageBitmap', async (_file: Blob, options?: unknown) => {
    seen.decodeOptions.push(options);
    if (!decoded) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...decoded, close: () => (seen.closed += 1) };
  });
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { fillRect: () => undefined, drawImage: (_image: unknown, _x: number, _y: number, width: number, height: number) => seen.drawn.push({ width, height }) };
      }
      async convertToBlob(options: unknown) {
        seen.encoded.push(options);
        return new Blob([new Uint8Array(jpegBytes)], { type: 'image/jpeg' });
      }
    },
  );
  return seen;
}

const fileOf = (bytes: number, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type, lastModified: 42 });

describe('scaledSize', () => {
  it('fits the long edge into 2000 px, keeping the proportions', () => {
    expect(scaledSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
  });

  it('never makes a picture larger', () => {
    expect(scaledSize(800, 1200)).toEqual({ width: 800, height: 1200 });
    expect(scaledSize(2000, 100)).toEqual({ width: 2000, height: 100 });
  });

  it('keeps a very thin receipt at least one pixel wide', () => {
    expect(scaledSize(2, 40_000)).toEqual({ width: 1, height: 2000 });
  });
});

describe('jpegName', () => {
  it.each([
    ['IMG_1234.HEIC', 'IMG_1234.jpg'],
    ['scan.final.png', 'scan.final.jpg'],
    ['photo.jpg', 'photo.jpg'],
    ['receipt', 'receipt.jpg'],
    ['.png', 'receipt.jpg'],
    ['', 'receipt.jpg'],
  ])('names %j as %j', (name, expected) => expect(jpegName(name)).toBe(expected));
});

describe('mayScale', () => {
  it('tries images and untyped files, never a PDF or other kinds of files', () => {
    expect(mayScale(fileOf(1, 'a.heic', 'image/heic'))).toBe(true);
    expect(mayScale(fileOf(1, 'shared', ''))).toBe(true);
    expect(mayScale(fileOf(1, 'shared', 'application/octet-stream'))).toBe(true);
    expect(mayScale(fileOf(1, 'rewe.pdf', 'application/pdf'))).toBe(false);
    expect(mayScale(fileOf(1, 'REWE.PDF', 'application/octet-stream'))).toBe(false);
    expect(mayScale(fileOf(1, 'notes.txt', 'text/plain'))).toBe(false);
  });
});

describe('scalePhoto', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a large photo as an upright JPEG of at most 2000 px', async () => {
    const seen = fakeBrowser({ width: 3000, height: 4000 }, 400_000);
    const sent = await scalePhoto(fileOf(3_000_000, 'IMG_0001.png', 'image/png'));
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('IMG_0001.jpg');
    expect(sent.size).toBe(400_000);
    expect(sent.lastModified).toBe(42);
    expect(seen.decodeOptions).toEqual([{ imageOrientation: 'from-image' }]);
    expect(seen.drawn).toEqual([{ width: 1500, height: 2000 }]);
    expect(seen.encoded).toEqual([{ type: 'image/jpeg', quality: JPEG_QUALITY }]);
    expect(seen.closed).toBe(1);
  });

  it('scales a large photo even when the JPEG is not smaller', async () => {
    fakeBrowser({ width: 2400, height: 1800 }, 900_000);
    const sent = await scalePhoto(fileOf(800_000, 'tiny.jpg', 'image/jpeg'));
    expect(sent.size).toBe(900_000);
    expect(sent.type).toBe('image/jpeg');
  });

  it('re-encodes a small picture only when that saves bytes', async () => {
    fakeBrowser({ width: 1000, height: 1500 }, 200_000);
    const smaller = await scalePhoto(fileOf(900_000, 'screenshot.png', 'image/png'));
    expect([smaller.name, smaller.size]).toEqual(['screenshot.jpg', 200_000]);

    fakeBrowser({ width: 1000, height: 1500 }, 200_000);
    const original = fileOf(150_000, 'small.jpg', 'image/jpeg');
    expect(await scalePhoto(original)).toBe(original);
  });

  it('sends a PDF as it is, without trying to decode it', async () => {
    const seen = fakeBrowser({ width: 3000, height: 4000 }, 1);
    const pdf = fileOf(50_000, 'rewe.pdf', 'application/pdf');
    expect(await scalePhoto(pdf)).toBe(pdf);
    const untyped = fileOf(50_000, 'Kassenbon.PDF', '');
    expect(await scalePhoto(untyped)).toBe(untyped);
    expect(seen.decodeOptions).toEqual([]);
  });

  it('sends an image the browser cannot decode (HEIC on a desktop) as it is', async () => {
    fakeBrowser(null, 1);
    const heic = fileOf(2_000_000, 'IMG_0002.HEIC', 'image/heic');
    expect(await scalePhoto(heic)).toBe(heic);
  });

  it('tries a file that came without a type, and leaves other kinds of files alone', async () => {
    const seen = fakeBrowser({ width: 3000, height: 4000 }, 1000);
    expect((await scalePhoto(fileOf(2_000_000, 'shared', ''))).name).toBe('shared.jpg');
    const text = fileOf(2_000, 'notes.txt', 'text/plain');
    expect(await scalePhoto(text)).toBe(text);
    expect(seen.decodeOptions).toHaveLength(1);
  });

  it('falls back to the plain decoder where the orientation option is unknown', async () => {
    const seen = fakeBrowser(null, 10);
    const calls: unknown[] = [];
    vi.stubGlobal('createImageBitmap', async (_file: Blob, options?: unknown) => {
      calls.push(options);
      if (options) throw new TypeError("The provided value 'from-image' is not a valid enum value");
      return { width: 4000, height: 3000, close: () => undefined };
    });
    const sent = await scalePhoto(fileOf(5_000_000, 'old.jpg', 'image/jpeg'));
    expect(calls).toEqual([{ imageOrientation: 'from-image' }, undefined]);
    expect(seen.drawn).toEqual([{ width: 2000, height: 1500 }]);
    expect(sent.size).toBe(10);
  });

  it('sends the file as it is where the browser has no decoder at all', async () => {
    const photo = fileOf(5_000_000, 'IMG.jpg', 'image/jpeg');
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await scalePhoto(photo)).toBe(photo);
  });
});
