/**
 * The registry's part of a member's personal data (issue 28): their profile, category, qualifications, consents,
 * federation records and training-group enrollments in dati.json, with their photo and contract; anonymised, their
 * personal fields take neutral values, the e-mail is freed and sign-in becomes impossible, while the category (the
 * statistics group by it) and the enrollments (the fees charged) stay.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../core/db/client';
import type { PersonalDataPart } from '../../../core/domain';
import type { PersonalTraces } from '../../../core/domain';
import { mail_outbox } from '../../../core/db/tables';
import { DomainError } from '../../../core/errors';
import {
  categories,
  fitet_records,
  mailing_list_classes,
  mailing_list_opt_outs,
  qualifications,
  training_group_enrollments,
  training_groups,
  user_mailing_list_classes,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../tables';

/** The domain of the addresses anonymised members get: reserved (RFC 2606), so no mail ever reaches anyone. */
export const ANONYMOUS_EMAIL_DOMAIN = 'anonimo.invalid';

/** Whether an address is an anonymised member's. */
export const isAnonymisedEmail = (email: string) => email.endsWith(`@${ANONYMOUS_EMAIL_DOMAIN}`);

async function exportRegistry(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { sections: {} };
  const { password_hash: _hash, image_file_id, contract_file_id, category_id, ...profile } = user;
  const [category] = await db
    .select({ nome: categories.name, descrizione: categories.description })
    .from(categories)
    .where(eq(categories.id, category_id));
  const qualifiche = await db
    .select({ nome: qualifications.name, descrizione: qualifications.description })
    .from(user_qualifications)
    .innerJoin(qualifications, eq(qualifications.id, user_qualifications.qualification_id))
    .where(eq(user_qualifications.user_id, userId))
    .orderBy(qualifications.name);
  const classi = await db
    .select({ nome: mailing_list_classes.name, tipo: mailing_list_classes.type })
    .from(user_mailing_list_classes)
    .innerJoin(mailing_list_classes, eq(mailing_list_classes.id, user_mailing_list_classes.mailing_list_class_id))
    .where(eq(user_mailing_list_classes.user_id, userId));
  const disiscrizioni = await db
    .select({ nome: mailing_list_classes.name, tipo: mailing_list_classes.type, data: mailing_list_opt_outs.created_at })
    .from(mailing_list_opt_outs)
    .innerJoin(mailing_list_classes, eq(mailing_list_classes.id, mailing_list_opt_outs.mailing_list_class_id))
    .where(eq(mailing_list_opt_outs.user_id, userId));
  const fitet = await db
    .select({
      codice_tessera: fitet_records.member_id,
      tipo_tessera: fitet_records.card_type,
      categoria: fitet_records.category,
      inizio: fitet_records.start_date,
      fine: fitet_records.end_date,
    })
    .from(fitet_records)
    .where(eq(fitet_records.user_id, userId));
  const iscrizioni = await db
    .select({
      gruppo: training_groups.description,
      giorni: training_groups.week_days,
      dalle: training_groups.start_time,
      alle: training_groups.end_time,
      quota_mensile_centesimi: training_group_enrollments.cost_cents,
      data_iscrizione: training_group_enrollments.enrollment_date,
    })
    .from(training_group_enrollments)
    .innerJoin(training_groups, eq(training_groups.id, training_group_enrollments.group_id))
    .where(eq(training_group_enrollments.user_id, userId));
  const posta = await db
    .select({ oggetto: mail_outbox.subject, stato: mail_outbox.status, creata_il: mail_outbox.created_at })
    .from(mail_outbox)
    // Only what was sent to the address since this member was created: an address given again (a former member's)
    // starts with an empty history (issue 39).
    .where(and(eq(mail_outbox.to, user.email), gte(mail_outbox.created_at, user.created_at)))
    .orderBy(mail_outbox.created_at);
  return {
    sections: {
      profilo: profile,
      email_ricevute: posta,
      categoria: category ?? null,
      qualifiche,
      consensi: {
        termini_accettati_il: user.terms_accepted_at,
        registrazione_completata_il: user.registration_completed_at,
        liste_email: classi,
        liste_email_disiscritte: disiscrizioni,
      },
      dati_federali: fitet,
      iscrizioni_gruppi: iscrizioni,
    },
    files: [image_file_id, contract_file_id].filter((id): id is string => Boolean(id)),
  };
}

async function anonymizeRegistry(tx: Tx, userId: string): Promise<string[]> {
  const [user] = await tx
    .select({ email: users.email, image: users.image_file_id, contract: users.contract_file_id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  // The mails sent to the member name them and carry their address: the outbox keeps none of them.
  await tx.delete(mail_outbox).where(eq(mail_outbox.to, user.email));
  await tx
    .update(users)
    .set({
      member_id: null,
      name: 'Socio',
      surname: 'Anonimo',
      // Unique like every address, and never delivered: the real address is free for a new member.
      email: `anonimo-${userId}@${ANONYMOUS_EMAIL_DOMAIN}`,
      phone_number: null,
      fiscal_code: null,
      image_file_id: null,
      birth_date: null,
      birth_province: null,
      birth_place: null,
      residence_address: null,
      residence_province: null,
      residence_place: null,
      residence_postal_code: null,
      gender: null,
      parent_name: null,
      parent_surname: null,
      parent_fiscal_code: null,
      fitet_data_code: null,
      fitet_data_category: null,
      contract_file_id: null,
      contract_end_date: null,
      notes: null,
      // No password, deactivated for good: sign-in is impossible.
      password_hash: null,
      deactivation_status: true,
      deactivation_date_start: sql`coalesce(${users.deactivation_date_start}, current_date)`,
      deactivation_date_end: null,
      updated_at: new Date(),
    })
    .where(eq(users.id, userId));
  await tx.delete(user_qualifications).where(eq(user_qualifications.user_id, userId));
  await tx.delete(user_reservation_rules).where(eq(user_reservation_rules.user_id, userId));
  await tx.delete(user_mailing_list_classes).where(eq(user_mailing_list_classes.user_id, userId));
  await tx.delete(mailing_list_opt_outs).where(eq(mailing_list_opt_outs.user_id, userId));
  await tx.delete(fitet_records).where(eq(fitet_records.user_id, userId));
  return [user.image, user.contract].filter((id): id is string => Boolean(id));
}

/**
 * The member's texts core looks for in the audit log and the outbox (issue 39): their full name both ways, their
 * parent's, their addresses, codes and numbers, their notes, their FITET card numbers; the FITET records by id. A
 * first name or a surname alone is not looked for (other members share them), nor a town.
 */
async function tracesOfRegistry(tx: Tx, userId: string): Promise<PersonalTraces> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return {};
  const fitet = await tx.select({ id: fitet_records.id, card: fitet_records.member_id }).from(fitet_records).where(eq(fitet_records.user_id, userId));
  const fullNames = (name: string | null, surname: string | null) =>
    name && surname ? [`${surname} ${name}`, `${name} ${surname}`, `${surname}, ${name}`] : [];
  return {
    values: [
      ...fullNames(user.name, user.surname),
      ...fullNames(user.parent_name, user.parent_surname),
      user.email,
      user.fiscal_code,
      user.parent_fiscal_code,
      user.phone_number,
      user.member_id,
      user.residence_address,
      user.fitet_data_code,
      user.notes,
      ...fitet.map((r) => r.card),
    ],
    records: fitet.map((r) => r.id),
  };
}

export const registryPersonalData: PersonalDataPart = {
  export: exportRegistry,
  anonymize: anonymizeRegistry,
  forgets: [
    'member_id',
    'name',
    'surname',
    'email',
    'phone_number',
    'fiscal_code',
    'image_file_id',
    'birth_date',
    'birth_province',
    'birth_place',
    'residence_address',
    'residence_province',
    'residence_place',
    'residence_postal_code',
    'gender',
    'parent_name',
    'parent_surname',
    'parent_fiscal_code',
    'fitet_data_code',
    'fitet_data_category',
    'contract_file_id',
    'contract_end_date',
    'notes',
    'password',
    'qualifications',
    'reservation_rules',
    'mailing_lists',
    'mailing_list_opt_outs',
    'fitet_records',
  ],
  traces: tracesOfRegistry,
};
