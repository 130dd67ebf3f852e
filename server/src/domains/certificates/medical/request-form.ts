import { formatItalianDate } from '../../../core/time';
import { clubHeading, joinPresent as join, labelValueRows, newPdf } from '../../../core/pdf';

export type MedicalRequestKind = 'agonistic' | 'non-agonistic';

export interface MedicalRequestMember {
  name: string;
  surname: string;
  birth_date: string | null;
  birth_place: string | null;
  birth_province: string | null;
  fiscal_code: string | null;
  residence_address: string | null;
  residence_place: string | null;
  residence_province: string | null;
  residence_postal_code: string | null;
  fitet_data_code: string | null;
}

/** Download names the profile asks for (spec 000 §7). */
export const MEDICAL_REQUEST_FILE_NAMES: Record<MedicalRequestKind, string> = {
  agonistic: 'modulo_certificato_agonistico.pdf',
  'non-agonistic': 'modulo_certificato_non_agonistico.pdf',
};

const TITLES: Record<MedicalRequestKind, string> = {
  agonistic: "Richiesta di visita medica per l'idoneità alla pratica sportiva agonistica",
  'non-agonistic': "Richiesta di certificato medico per l'attività sportiva non agonistica",
};

const BODIES: Record<MedicalRequestKind, string[]> = {
  agonistic: [
    'Si richiede che il socio sotto indicato, tesserato presso la Federazione Italiana Tennistavolo (FITET) per il tramite di questa associazione, sia sottoposto a visita medica per il rilascio del certificato di idoneità alla pratica sportiva agonistica del tennistavolo, ai sensi del D.M. 18 febbraio 1982 e successive modificazioni.',
    'La visita deve essere effettuata presso un medico specialista in medicina dello sport o un centro di medicina dello sport autorizzato.',
  ],
  'non-agonistic': [
    "Si richiede il rilascio del certificato medico di idoneità all'attività sportiva non agonistica per il socio sotto indicato, ai sensi del D.M. 24 aprile 2013 e successive modificazioni, per la pratica del tennistavolo presso questa associazione.",
    'Il certificato può essere rilasciato dal medico di medicina generale, dal pediatra di libera scelta o da un medico specialista in medicina dello sport.',
  ],
};

/** The request form a member takes to the doctor, with the club's name and the member's data filled in. */
export async function medicalRequestPdf(kind: MedicalRequestKind, member: MedicalRequestMember, clubName: string, today: string): Promise<Buffer> {
  const { doc, bytes } = await newPdf({ size: 'A4', margin: 56, info: { Title: TITLES[kind], Author: clubName } });

  clubHeading(doc, clubName, TITLES[kind]);
  doc.moveDown(1.2).font('Helvetica').fontSize(11);
  for (const paragraph of BODIES[kind]) doc.text(paragraph, { align: 'justify' }).moveDown(0.6);

  doc.moveDown(0.6).font('Helvetica-Bold').text('Dati del socio');
  doc.moveDown(0.3).font('Helvetica');
  const rows: [string, string][] = [
    ['Cognome e nome', join(member.surname, member.name)],
    ['Nato/a a', join(member.birth_place, member.birth_province ? `(${member.birth_province})` : null)],
    ['Data di nascita', formatItalianDate(member.birth_date)],
    ['Codice fiscale', member.fiscal_code ?? ''],
    [
      'Residenza',
      join(
        member.residence_address,
        member.residence_postal_code,
        member.residence_place,
        member.residence_province ? `(${member.residence_province})` : null,
      ),
    ],
    ['Tessera FITET', member.fitet_data_code ?? ''],
  ];
  labelValueRows(doc, rows);

  doc.moveDown(2).text(`Luogo e data: ______________________, ${formatItalianDate(today)}`);
  doc.moveDown(2).text('Timbro e firma del presidente della società', { align: 'right' });
  doc.moveDown(2.5).text('_________________________________', { align: 'right' });
  doc.end();
  return bytes;
}
