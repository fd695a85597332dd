import { describe, expect, it } from 'vitest';
import { exportFileName, exportUrl, readWithProgress } from './privacy-download';

describe('privacy download helpers', () => {
  it('names the file as the service does, or plainly', () => {
    expect(exportFileName('attachment; filename="household-inventory-export-20261123T182131Z.zip"')).toBe('household-inventory-export-20261123T182131Z.zip');
    expect(exportFileName('attachment; filename="../evil.zip"')).toBe('household-inventory-export.zip');
    expect(exportFileName(null)).toBe('household-inventory-export.zip');
  });

  it('asks for receipt files or not', () => {
    expect(exportUrl(true)).toBe('/api/v1/privacy/export?include_receipt_files=true');
    expect(exportUrl(false)).toBe('/api/v1/privacy/export?include_receipt_files=false');
  });

  it('reports the bytes received after every chunk', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(3));
        controller.enqueue(new Uint8Array(5));
        controller.close();
      },
    });
    const seen: number[] = [];
    const chunks = await readWithProgress(body, (received) => seen.push(received));
    expect(seen).toEqual([3, 8]);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 5]);
  });
});
