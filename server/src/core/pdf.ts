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

/** The words given, the empty ones left out, joined by spaces: an address or a place from its parts. */
export const joinPresent = (...parts: (string | null | undefined)[]): string => parts.filter(Boolean).join(' ');

/**
 * A document's heading as the club's letters have it: the club's name, the line under it and the title, centred
 * (the caller sets the body's font after it).
 */
export function clubHeading(doc: PDFKit.PDFDocument, clubName: string, title: string): void {
  doc.font('Helvetica-Bold').fontSize(15).text(clubName, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(10).text('Associazione sportiva dilettantistica — Tennistavolo', { align: 'center' });
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(13).text(title, { align: 'center' });
}

/** Rows of 'Label: value', the value in bold ('—' when empty), one a line in the current font size. */
export function labelValueRows(doc: PDFKit.PDFDocument, rows: readonly (readonly [label: string, value: string])[]): void {
  for (const [label, value] of rows)
    doc
      .text(`${label}: `, { continued: true })
      .font('Helvetica-Bold')
      .text(value || '—')
      .font('Helvetica');
}
