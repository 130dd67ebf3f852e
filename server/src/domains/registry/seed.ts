import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../core/config';
import { hashPassword } from '../../core/passwords';
import { computeFiscalCode } from './users/fiscal-code';
import type { Db, DbOrTx } from '../../core/db/client';
import {
  categories,
  category_mailing_list_classes,
  category_reservation_rules,
  mailing_list_classes,
  qualification_reservation_rules,
  qualifications,
  reservation_rule_unlock_times,
  reservation_rules,
  user_qualifications,
  users,
} from './tables';

/** Password of the demo members (docs/decisions.md, "The demo club"). */
export const DEMO_MEMBER_PASSWORD = 'Socio-2026!';

interface DemoMember {
  name: string;
  surname: string;
  gender: 'M' | 'F';
  birth_date: string;
  birth_place: string;
  birth_province: string;
  residence_address: string;
  residence_place: string;
  residence_province: string;
  residence_postal_code: string;
  phone_number: string;
  qualification: string | null;
  fitet_data_code: string | null;
  parent?: { name: string; surname: string; gender: 'M' | 'F'; birth_date: string; birth_place: string; birth_province: string };
}

const DEMO_MEMBERS: DemoMember[] = [
  {
    name: 'Marco',
    surname: 'Rossi',
    gender: 'M',
    birth_date: '1985-03-12',
    birth_place: 'Roma',
    birth_province: 'RM',
    residence_address: 'Via Appia Nuova 120',
    residence_place: 'Roma',
    residence_province: 'RM',
    residence_postal_code: '00183',
    phone_number: '+39 333 1234567',
    qualification: 'Agonista',
    fitet_data_code: '1045872',
  },
  {
    name: 'Giulia',
    surname: 'Bianchi',
    gender: 'F',
    birth_date: '1992-06-15',
    birth_place: 'Milano',
    birth_province: 'MI',
    residence_address: 'Corso Buenos Aires 45',
    residence_place: 'Milano',
    residence_province: 'MI',
    residence_postal_code: '20124',
    phone_number: '+39 347 2345678',
    qualification: 'Amatore',
    fitet_data_code: null,
  },
  {
    name: 'Luca',
    surname: 'Ferrari',
    gender: 'M',
    birth_date: '1978-11-02',
    birth_place: 'Torino',
    birth_province: 'TO',
    residence_address: 'Via Po 18',
    residence_place: 'Torino',
    residence_province: 'TO',
    residence_postal_code: '10123',
    phone_number: '+39 320 3456789',
    qualification: 'Amatore',
    fitet_data_code: '1038114',
  },
  {
    name: 'Francesca',
    surname: 'Romano',
    gender: 'F',
    birth_date: '1999-01-23',
    birth_place: 'Napoli',
    birth_province: 'NA',
    residence_address: 'Via Toledo 256',
    residence_place: 'Napoli',
    residence_province: 'NA',
    residence_postal_code: '80134',
    phone_number: '+39 339 4567890',
    qualification: 'Agonista',
    fitet_data_code: '1051230',
  },
  {
    name: 'Matteo',
    surname: 'Colombo',
    gender: 'M',
    birth_date: '2012-09-08',
    birth_place: 'Bologna',
    birth_province: 'BO',
    residence_address: 'Via Indipendenza 7',
    residence_place: 'Bologna',
    residence_province: 'BO',
    residence_postal_code: '40121',
    phone_number: '+39 351 5678901',
    qualification: 'Allievo corso',
    fitet_data_code: null,
    parent: { name: 'Paolo', surname: 'Colombo', gender: 'M', birth_date: '1979-05-04', birth_place: 'Bologna', birth_province: 'BO' },
  },
];

const emailOf = (m: { name: string; surname: string }) => `${m.name}.${m.surname}@circolo.example`.toLowerCase();
export const DEMO_MEMBER_EMAILS = DEMO_MEMBERS.map(emailOf);

/** Any fixed number: two processes starting on an empty database seed it once. */
const SEED_LOCK_ID = 727_002;

/**
 * The demo club, written once on an empty database (first start): categories, the administrator from
 * SEED_ADMIN_*, five members who can sign in, and a few qualifications, booking rules and mailing-list classes.
 * Returns whether it seeded.
 */
export async function seedRegistry(db: Db, config: Pick<AppConfig, 'seedAdminEmail' | 'seedAdminPassword'>, now: Date): Promise<boolean> {
  const [adminHash, memberHash] = await Promise.all([hashPassword(config.seedAdminPassword), hashPassword(DEMO_MEMBER_PASSWORD)]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((existing?.n ?? 0) > 0) return false;

    const refs = await seedReferenceLists(tx);
    await seedPeople(tx, refs, { admin: adminHash, member: memberHash }, config.seedAdminEmail, now);
    return true;
  });
}

/** The reference lists: mailing-list classes, booking rules and their unlock times, qualifications, categories. */
async function seedReferenceLists(tx: DbOrTx) {
  const classes = await tx
    .insert(mailing_list_classes)
    .values([
      { name: 'Comunicazioni del circolo', description: 'Avvisi su orari, chiusure e assemblee', type: 'INFORMATIVA', is_default: true },
      { name: 'Tornei e gare', description: 'Calendario dei tornei e convocazioni', type: 'INFORMATIVA', is_default: false },
      { name: 'Offerte e promozioni', description: 'Convenzioni e materiale sportivo', type: 'COMMERCIALE', is_default: false },
    ])
    .returning({ id: mailing_list_classes.id, name: mailing_list_classes.name });

  // Week of bookings from Monday (1) to Sunday (0).
  const rules = await tx
    .insert(reservation_rules)
    .values([
      {
        name: 'Standard soci',
        description: 'Tre turni a settimana, uno al giorno',
        max_rounds_per_week: 3,
        max_rounds_per_day: 1,
        hours_before_booking_to_ignore_rules: 2,
        hours_before_booking_to_cancel: 24,
        week_start_day: 1,
        week_end_day: 0,
      },
      {
        name: 'Agonisti',
        description: 'Sei turni a settimana, due al giorno',
        max_rounds_per_week: 6,
        max_rounds_per_day: 2,
        hours_before_booking_to_ignore_rules: 2,
        hours_before_booking_to_cancel: 12,
        week_start_day: 1,
        week_end_day: 0,
      },
    ])
    .returning({ id: reservation_rules.id, name: reservation_rules.name });
  const ruleId = (name: string) => rules.find((r) => r.name === name)!.id;
  await tx.insert(reservation_rule_unlock_times).values([
    { reservation_rule_id: ruleId('Standard soci'), day: 1, hour: '09:00', num_shifts: 2 },
    { reservation_rule_id: ruleId('Standard soci'), day: 4, hour: '09:00', num_shifts: 1 },
    { reservation_rule_id: ruleId('Agonisti'), day: 1, hour: '09:00', num_shifts: 6 },
  ]);

  const quals = await tx
    .insert(qualifications)
    .values([
      { name: 'Agonista', description: 'Tesserato FITET che partecipa ai campionati', color: '#d32f2f', priority: 10 },
      { name: 'Amatore', description: 'Socio che gioca per passione', color: '#1976d2', priority: 5 },
      { name: 'Allievo corso', description: 'Iscritto ai corsi della scuola di tennistavolo', color: '#388e3c', priority: 1 },
    ])
    .returning({ id: qualifications.id, name: qualifications.name });
  const qualificationId = (name: string) => quals.find((q) => q.name === name)!.id;
  await tx.insert(qualification_reservation_rules).values([
    { qualification_id: qualificationId('Agonista'), reservation_rule_id: ruleId('Agonisti') },
    { qualification_id: qualificationId('Amatore'), reservation_rule_id: ruleId('Standard soci') },
  ]);

  const cats = await tx
    .insert(categories)
    .values([
      { name: 'Amministratori', description: 'Segreteria e consiglio direttivo: accesso completo', permissions: ['*'] },
      { name: 'Soci', description: 'Soci ordinari maggiorenni', permissions: ['book_session'] },
      { name: 'Minorenne', description: 'Soci con meno di 18 anni', permissions: ['book_session'] },
    ])
    .returning({ id: categories.id, name: categories.name });
  const categoryId = (name: string) => cats.find((c) => c.name === name)!.id;
  const infoClass = classes.find((c) => c.name === 'Comunicazioni del circolo')!.id;
  await tx.insert(category_reservation_rules).values([
    { category_id: categoryId('Soci'), reservation_rule_id: ruleId('Standard soci') },
    { category_id: categoryId('Minorenne'), reservation_rule_id: ruleId('Standard soci') },
  ]);
  await tx.insert(category_mailing_list_classes).values([
    { category_id: categoryId('Soci'), mailing_list_class_id: infoClass },
    { category_id: categoryId('Minorenne'), mailing_list_class_id: infoClass },
  ]);
  return { categoryId, qualificationId };
}

/** The administrator from SEED_ADMIN_* and the demo members who can sign in. */
async function seedPeople(
  tx: DbOrTx,
  { categoryId, qualificationId }: Awaited<ReturnType<typeof seedReferenceLists>>,
  hashes: { admin: string; member: string },
  adminEmail: string,
  now: Date,
): Promise<void> {
  await tx.insert(users).values({
    member_id: '0001',
    name: 'Amministratore',
    surname: 'Circolo',
    email: adminEmail,
    category_id: categoryId('Amministratori'),
    password_hash: hashes.admin,
    created_at: now,
    registration_completed_at: now,
    terms_accepted_at: now,
  });

  for (const [index, m] of DEMO_MEMBERS.entries()) {
    const [member] = await tx
      .insert(users)
      .values({
        member_id: String(index + 2).padStart(4, '0'),
        name: m.name,
        surname: m.surname,
        email: emailOf(m),
        phone_number: m.phone_number,
        fiscal_code: computeFiscalCode({ ...m, birthDate: m.birth_date, birthPlace: m.birth_place, birthProvince: m.birth_province }),
        birth_date: m.birth_date,
        birth_place: m.birth_place,
        birth_province: m.birth_province,
        residence_address: m.residence_address,
        residence_place: m.residence_place,
        residence_province: m.residence_province,
        residence_postal_code: m.residence_postal_code,
        gender: m.gender,
        parent_name: m.parent?.name ?? null,
        parent_surname: m.parent?.surname ?? null,
        parent_fiscal_code: m.parent
          ? computeFiscalCode({
              ...m.parent,
              birthDate: m.parent.birth_date,
              birthPlace: m.parent.birth_place,
              birthProvince: m.parent.birth_province,
            })
          : null,
        category_id: categoryId(m.parent ? 'Minorenne' : 'Soci'),
        fitet_data_code: m.fitet_data_code,
        password_hash: hashes.member,
        created_at: now,
        registration_completed_at: now,
        terms_accepted_at: now,
      })
      .returning({ id: users.id });
    if (!member) throw new Error('INSERT senza riga restituita');
    if (m.qualification) await tx.insert(user_qualifications).values({ user_id: member.id, qualification_id: qualificationId(m.qualification) });
  }
}
