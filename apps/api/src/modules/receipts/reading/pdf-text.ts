import { ApiException } from '../../../common/errors/api-exception.js';
import { linesFromWords, type ReceiptTextLine, type ReceiptWord } from '../parser/receipt-text.js';

/** The reference's PDF limits: at most 4 pages and 30 000 characters of text. */
export const MAX_PDF_PAGES = 4;
export const MAX_PDF_TEXT_CHARS = 30_000;

type Unpdf = typeof import('unpdf');
let pdfLibrary: Promise<Unpdf> | undefined;
/** pdf.js is loaded by the first PDF, not at start. */
const pdfjs = (): Promise<Unpdf> => (pdfLibrary ??= import('unpdf'));

/**
 * The text layer of a receipt PDF as lines, top to bottom, page after page: the text runs are
 * placed by their baselines and joined into lines as the parser expects. A PDF that cannot be
 * opened or breaks the limits is a 400; one without text gives no lines.
 */
export async function pdfTextLines(bytes: Buffer): Promise<ReceiptTextLine[]> {
  const { getDocumentProxy } = await pdfjs();
  let pdf: Awaited<ReturnType<Unpdf['getDocumentProxy']>>;
  try {
    // pdf.js may take the buffer over; it gets a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: true });
  } catch {
    throw new ApiException(400, 'receipt_pdf_unreadable');
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ApiException(400, 'receipt_pdf_too_many_pages', { max: String(MAX_PDF_PAGES) });
    const words: ReceiptWord[] = [];
    let characters = 0;
    let offset = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        characters += item.str.length;
        if (characters > MAX_PDF_TEXT_CHARS) throw new ApiException(400, 'receipt_pdf_too_much_text');
        const [, , , scaleY, x, baseline] = item.transform as number[];
        const size = item.height || Math.abs(scaleY);
        const top = offset + height - baseline;
        words.push({ text: item.str, box: { x0: x, y0: top - size * 0.8, x1: x + item.width, y1: top + size * 0.2 } });
      }
      offset += height;
    }
    return linesFromWords(words);
  } catch (error) {
    if (error instanceof ApiException) throw error;
    throw new ApiException(400, 'receipt_pdf_unreadable');
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}
