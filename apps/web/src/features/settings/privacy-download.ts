/** The literal the service asks for before it erases the installation. */
export const ERASE_CONFIRMATION = 'HAUSHALT ENDGÜLTIG LÖSCHEN';

export function exportUrl(includeReceiptFiles: boolean): string {
  return `/api/v1/privacy/export?include_receipt_files=${includeReceiptFiles ? 'true' : 'false'}`;
}

/** The file name the service gave the archive, or a plain one. */
export function exportFileName(contentDisposition: string | null): string {
  const named = /filename="([^"/\\]+)"/.exec(contentDisposition ?? '');
  return named ? named[1] : 'household-inventory-export.zip';
}

/** Reads a streamed body to the end, telling `onProgress` how many bytes have arrived so far. */
export async function readWithProgress(body: ReadableStream<Uint8Array>, onProgress: (received: number) => void): Promise<Uint8Array[]> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
}
