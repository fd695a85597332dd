import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';

interface PdfKitDocument {
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  font(name: string): PdfKitDocument;
  fontSize(size: number): PdfKitDocument;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): PdfKitDocument;
  addPage(options?: Record<string, unknown>): PdfKitDocument;
  image(source: Buffer, x: number, y: number, options?: Record<string, unknown>): PdfKitDocument;
  end(): void;
}
type PdfKitConstructor = new (options?: Record<string, unknown>) => PdfKitDocument;

// pdfkit ships no types of its own; the few calls used here are declared above.
const PDFDocument = createRequire(import.meta.url)('pdfkit') as PdfKitConstructor;

/**
 * A PDF with a real text layer: each page gets the given lines, top to bottom, in Courier as a
 * till prints them. pdfkit stamps the creation time, so two calls give different bytes.
 */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [226, 800], margin: 10, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  for (const lines of pages) {
    doc.addPage({ size: [226, 800], margin: 10 });
    doc.font('Courier').fontSize(8);
    lines.forEach((line, index) => doc.text(line, 10, 20 + index * 11, { lineBreak: false, width: 10_000 }));
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A scanner's PDF: one page holding the image only (at 300 dpi), no text layer. */
export async function scannedPdf(image: Buffer, width: number, height: number): Promise<Buffer> {
  const size = [(width * 72) / 300, (height * 72) / 300];
  const doc = new PDFDocument({ size, margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.image(image, 0, 0, { width: size[0], height: size[1] });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A decompression bomb: a one-page PDF of about 100 KB whose content stream (`q Q` operators,
 * Flate) inflates to `decodedBytes`. Valid enough for pdf.js to read it page by page.
 */
export function pdfBomb(decodedBytes = 100 * 1024 * 1024): Buffer {
  const pattern = Buffer.from('q Q\n');
  const content = Buffer.alloc(decodedBytes);
  for (let at = 0; at < decodedBytes; at += pattern.length) pattern.copy(content, at);
  const stream = deflateSync(content, { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 226 800] /Contents 4 0 R /Resources << >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
