import { newPdf } from '../../../core/pdf';

interface SheetFacts {
  number: number;
  description: string;
  url: string;
  clubName: string;
  opensMin: number;
  closesMin: number;
}

/**
 * A table's check-in sheet (issue 42): A4, Italian, the table's number large, its description, the QR code of its
 * check-in link and a line on when to use it, to print and put by the table. The QR code is drawn as vector squares
 * from the `qrcode` package's matrix, so it stays sharp at any print size.
 */
export async function checkInSheet(facts: SheetFacts): Promise<Buffer> {
  const { create } = await import('qrcode');
  const qr = create(facts.url, { errorCorrectionLevel: 'M' });
  const { doc, bytes } = await newPdf({ size: 'A4', margin: 56, info: { Title: `Presenze – Tavolo ${facts.number}`, Author: facts.clubName } });
  const width = doc.page.width - 112;
  doc.font('Helvetica').fontSize(14).fillColor('#333').text(facts.clubName, { align: 'center', width });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(48).fillColor('#000').text(`Tavolo ${facts.number}`, { align: 'center', width });
  doc.moveDown(0.3).font('Helvetica').fontSize(16).text(facts.description, { align: 'center', width });
  // The code: 8 cm wide, centred, with its quiet zone of 4 modules.
  const side = 227;
  const modules = qr.modules.size;
  const cell = side / (modules + 8);
  const left = (doc.page.width - side) / 2;
  const top = doc.y + 24;
  // One path of every dark module's row run, filled once: squares filled one by one leave hairline seams between
  // them in a viewer's or printer's anti-aliasing, which can keep a phone from reading the code.
  doc.save();
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++) {
      if (!qr.modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules && qr.modules.get(row, end + 1)) end++;
      doc.rect(left + (col + 4) * cell, top + (row + 4) * cell, (end - col + 1) * cell, cell);
      col = end;
    }
  doc.fillColor('#000').fill('nonzero');
  doc.restore();
  doc.y = top + side + 24;
  doc.x = 56;
  doc.font('Helvetica-Bold').fontSize(18).text('Registra la tua presenza', { align: 'center', width });
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(12)
    .text(
      `Inquadra il codice con il telefono dopo aver effettuato l'accesso al portale, da ${facts.opensMin} minuti prima a ${facts.closesMin} minuti dopo l'inizio del tuo turno. ` +
        'Una prenotazione senza nessuna presenza registrata entro quel momento viene liberata per chi è in lista d’attesa.',
      { align: 'center', width },
    );
  doc.moveDown(0.8).fontSize(9).fillColor('#555').text(facts.url, { align: 'center', width });
  doc.end();
  return bytes;
}
