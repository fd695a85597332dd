import { ApiException } from '../../common/errors/api-exception.js';

/** Below this a file cannot hold a receipt (the reference answers 400). */
export const MIN_RECEIPT_BYTES = 100;

export type ReceiptSourceType = 'pdf' | 'jpeg' | 'png' | 'webp' | 'heic';

const DECLARED: Record<ReceiptSourceType, readonly string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
};
/** What clients send when they do not know the type: no claim to check. */
const UNDECLARED = new Set(['', 'application/octet-stream']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heif', 'mif1', 'msf1']);

/** What the bytes say the file is, whatever its name or declared type claims. */
export function sniffReceiptSource(bytes: Buffer): ReceiptSourceType | null {
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'heic';
  return null;
}

/** The extension a stored receipt file gets. */
export const SOURCE_EXTENSION: Record<ReceiptSourceType, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic' };

/**
 * Checks an upload before any work: size floor (400), then a type recognised from the bytes whose
 * declared type agrees (else 415).
 */
export function acceptReceiptSource(bytes: Buffer, declaredType: string | undefined): ReceiptSourceType {
  if (bytes.length < MIN_RECEIPT_BYTES) throw new ApiException(400, 'receipt_file_too_small');
  const type = sniffReceiptSource(bytes);
  if (!type) throw new ApiException(415, 'receipt_type_unsupported');
  const declared = (declaredType ?? '').split(';')[0].trim().toLowerCase();
  if (!UNDECLARED.has(declared) && !DECLARED[type].includes(declared)) throw new ApiException(415, 'receipt_type_unsupported');
  return type;
}
