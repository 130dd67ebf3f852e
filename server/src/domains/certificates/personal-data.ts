/**
 * The certificates domain's part of a member's personal data (issue 28): their certificates and every upload with its
 * dates in dati.json, the uploaded files in the ZIP. Anonymised, the certificates and their records go (health data
 * is kept no longer than needed), with their files.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PersonalDataPart } from '../../core/domain';
import { certificate_records, certificate_types, certificates } from './tables';

export const certificatesPersonalData: PersonalDataPart = {
  forgets: ['certificates'],
  async export(db, userId) {
    const rows = await db
      .select({
        id: certificates.id,
        tipo: certificate_types.name,
        medico: certificate_types.is_medical,
        note: certificates.notes,
        creato_il: certificates.created_at,
      })
      .from(certificates)
      .innerJoin(certificate_types, eq(certificate_types.id, certificates.type_id))
      .where(eq(certificates.user_id, userId))
      .orderBy(certificate_types.name);
    const records = rows.length
      ? await db
          .select()
          .from(certificate_records)
          .where(
            inArray(
              certificate_records.certificate_id,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(certificate_records.uploaded_at)
      : [];
    const certificati = rows.map(({ id, ...certificate }) => ({
      ...certificate,
      caricamenti: records
        .filter((r) => r.certificate_id === id)
        .map((r) => ({ caricato_il: r.uploaded_at, approvato: r.is_approved, approvato_il: r.approved_at, scadenza: r.end_date, note: r.notes })),
    }));
    return { sections: { certificati }, files: records.map((r) => r.file_id) };
  },
  /** Their certificates' and uploads' notes (health data) are looked for everywhere; the rows' entries blanked whole. */
  async traces(tx, userId) {
    const rows = await tx
      .select({ id: certificates.id, notes: certificates.notes, recordId: certificate_records.id, recordNotes: certificate_records.notes })
      .from(certificates)
      .leftJoin(certificate_records, eq(certificate_records.certificate_id, certificates.id))
      .where(eq(certificates.user_id, userId));
    return {
      values: rows.flatMap((r) => [r.notes, r.recordNotes]),
      records: [...new Set(rows.flatMap((r) => [r.id, r.recordId ?? []].flat()))],
    };
  },
  async anonymize(tx, userId) {
    const owned = tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.user_id, userId));
    const dropped = await tx
      .delete(certificate_records)
      .where(inArray(certificate_records.certificate_id, owned))
      .returning({ file: certificate_records.file_id });
    await tx.delete(certificates).where(eq(certificates.user_id, userId));
    return dropped.map((r) => r.file);
  },
};
