import { toCurrency } from 'n2words/it-IT';
import { centsToEuro } from 'shared-api/contract';
import { formatItalianDate } from '../../../core/time';
import type { CertifiedMember } from './repository';
import { clubHeading, joinPresent as join, labelValueRows, newPdf } from '../../../core/pdf';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** 1234.5 → '1.234,50 €' (Italian format). */
export const euroFigures = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(centsToEuro(cents));

/** 1234.5 → 'milleduecentotrentaquattro euro e cinquanta centesimi'. */
export const euroWords = (cents: number) => toCurrency((cents / 100).toFixed(2));

export interface SelfCertificationDocument {
  clubName: string;
  member: CertifiedMember;
  year: number;
  month: number;
  amountCents: number;
  issueDate: string;
  /** The member's total self-certified amount in the year, printed when the option 'show total amounts' is on. */
  yearTotalCents: number | null;
}

export const selfCertificationFileName = (member: CertifiedMember, year: number, month: number) =>
  `autocertificazione_${member.surname}_${member.name}_${year}_${String(month).padStart(2, '0')}.pdf`.replace(/[^\w.-]+/g, '_');

/**
 * The self-certification of a sports compensation: the club's heading, the member's data, the period, the amount
 * in figures and in words and, with the option, the year's total.
 */
export async function selfCertificationPdf(d: SelfCertificationDocument): Promise<Buffer> {
  const title = 'Autocertificazione compensi per attività sportiva dilettantistica';
  const { doc, bytes } = await newPdf({ size: 'A4', margin: 56, info: { Title: title, Author: d.clubName } });
  const period = `${MONTHS[d.month - 1] ?? d.month} ${d.year}`;
  const m = d.member;

  clubHeading(doc, d.clubName, title);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .text('(dichiarazione sostitutiva di certificazione, artt. 46 e 47 D.P.R. 445/2000)', { align: 'center' });
  doc.moveDown(1.2).fontSize(11);

  const rows: [string, string][] = [
    ['Il/La sottoscritto/a', join(m.surname, m.name)],
    ['Nato/a a', join(m.birth_place, m.birth_date ? `il ${formatItalianDate(m.birth_date)}` : null)],
    ['Codice fiscale', m.fiscal_code ?? ''],
    [
      'Residente in',
      join(m.residence_address, m.residence_postal_code, m.residence_place, m.residence_province ? `(${m.residence_province})` : null),
    ],
  ];
  labelValueRows(doc, rows);

  doc.moveDown(1).font('Helvetica-Bold').text('DICHIARA', { align: 'center' }).font('Helvetica').moveDown(0.6);
  doc.text(
    `di aver ricevuto da ${d.clubName}, per l'attività sportiva dilettantistica svolta nel mese di ${period}, la somma di ${euroFigures(d.amountCents)} (${euroWords(d.amountCents)}).`,
    { align: 'justify' },
  );
  if (d.yearTotalCents !== null) {
    doc
      .moveDown(0.6)
      .text(
        `Dichiara inoltre che i compensi ricevuti dall'associazione nell'anno ${d.year}, compreso il presente, ammontano in totale a ${euroFigures(d.yearTotalCents)} (${euroWords(d.yearTotalCents)}).`,
        { align: 'justify' },
      );
  }
  doc
    .moveDown(0.6)
    .text("Dichiara di essere consapevole delle sanzioni penali previste dall'art. 76 del D.P.R. 445/2000 per le dichiarazioni mendaci.", {
      align: 'justify',
    });

  doc.moveDown(2).text(`Data: ${formatItalianDate(d.issueDate)}`);
  doc.moveDown(2).text('Firma del dichiarante', { align: 'right' });
  doc.moveDown(2.5).text('_________________________________', { align: 'right' });
  doc.end();
  return bytes;
}
