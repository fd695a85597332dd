import { createRequire } from 'node:module';

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
