/**
 * A new PDF (pdfkit) and its bytes, once the caller has written it and called `doc.end()`. pdfkit is imported with
 * the first PDF, not when the server starts: with its fonts' metrics it is the heaviest module of the request thread
 * (about 0.35 s of CPU to load), and most starts never render a PDF.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
