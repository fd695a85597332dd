import { describe, expect, it } from 'vitest';
import { ApiException } from '../../common/errors/api-exception.js';
import { acceptReceiptSource, sniffReceiptSource } from './receipt-source.js';

const pad = (head: Buffer | string, length = 200) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : head;
  return Buffer.concat([start, Buffer.alloc(Math.max(0, length - start.length), 0x20)]);
};
const refusal = (run: () => unknown): [number, string] | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ApiException) return [error.getStatus(), error.code];
    throw error;
  }
};

describe('receipt source sniffing', () => {
  it('recognises PDF, JPEG, PNG, WebP and HEIC by their bytes only', () => {
    expect(sniffReceiptSource(pad('%PDF-1.7'))).toBe('pdf');
    expect(sniffReceiptSource(pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])))).toBe('jpeg');
    expect(sniffReceiptSource(pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))).toBe('png');
    expect(sniffReceiptSource(pad('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffReceiptSource(pad('\0\0\0\x18ftypheic'))).toBe('heic');
    expect(sniffReceiptSource(pad('\0\0\0\x18ftypisom'))).toBeNull();
    expect(sniffReceiptSource(pad('PK\x03\x04'))).toBeNull();
    expect(sniffReceiptSource(pad(' %PDF-1.7'))).toBeNull();
  });

  it('accepts a PDF declared as PDF or not declared at all', () => {
    for (const type of ['application/pdf', 'application/pdf; charset=binary', 'application/octet-stream', '', undefined]) {
      expect(acceptReceiptSource(pad('%PDF-1.7'), type)).toBe('pdf');
    }
  });

  it('refuses small files (400), unknown or mislabelled ones (415) and accepts photos whose declared type agrees', () => {
    expect(refusal(() => acceptReceiptSource(pad('%PDF-1.7', 99), 'application/pdf'))).toEqual([400, 'receipt_file_too_small']);
    expect(refusal(() => acceptReceiptSource(pad('%PDF-1.7', 100), 'application/pdf'))).toBeNull();
    expect(refusal(() => acceptReceiptSource(pad('PK\x03\x04'), 'application/pdf'))).toEqual([415, 'receipt_type_unsupported']);
    expect(refusal(() => acceptReceiptSource(pad('%PDF-1.7'), 'image/jpeg'))).toEqual([415, 'receipt_type_unsupported']);
    expect(refusal(() => acceptReceiptSource(pad('<!doctype html>'), 'image/jpeg'))).toEqual([415, 'receipt_type_unsupported']);
    expect(refusal(() => acceptReceiptSource(pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/png'))).toEqual([415, 'receipt_type_unsupported']);
    expect(acceptReceiptSource(pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg')).toBe('jpeg');
    expect(acceptReceiptSource(pad('\0\0\0\x18ftypheic'), 'image/heic')).toBe('heic');
    expect(acceptReceiptSource(pad('RIFF\0\0\0\0WEBPVP8 '), undefined)).toBe('webp');
  });
});
