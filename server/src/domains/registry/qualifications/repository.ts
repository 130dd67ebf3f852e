import { eq } from 'drizzle-orm';
import type { NamedRef, Qualification, QualificationPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, replaceLinks, searchableText, selectRows, tableList } from '../../../core/list';
import { linkedNames } from '../../../core/sql';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import {
  mailing_list_classes,
  qualification_mailing_list_classes,
  qualification_reservation_rules,
  qualifications,
  reservation_rules,
  user_qualifications,
} from '../tables';

export const QUALIFICATION_SORT_KEYS = ['name', 'description', 'color', 'priority'] as const;
export type QualificationSortKey = (typeof QUALIFICATION_SORT_KEYS)[number];

const HOLDERS: Holder[] = [{ table: user_qualifications, column: user_qualifications.qualification_id, noun: ['utente', 'utenti'] }];

const FROM = listFrom(qualifications);

/** Qualifications (spec 001 §3): SQL only. */
export class QualificationRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return {
      _id: qualifications.id,
      name: qualifications.name,
      description: qualifications.description,
      color: qualifications.color,
      priority: qualifications.priority,
      reservation_rules: linkedNames<NamedRef>(
        qualifications,
        qualification_reservation_rules,
        'qualification_id',
        reservation_rules,
        'reservation_rule_id',
      ),
      mailing_list_classes: linkedNames<NamedRef>(
        qualifications,
        qualification_mailing_list_classes,
        'qualification_id',
        mailing_list_classes,
        'mailing_list_class_id',
      ),
    };
  }

  listSource(): ListSource<Qualification, QualificationSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
      search: searchableText(qualifications.name, qualifications.description),
      sortColumns: {
        name: qualifications.name,
        description: qualifications.description,
        color: qualifications.color,
        priority: qualifications.priority,
      },
      defaultSort: [qualifications.name],
      tieBreaker: qualifications.id,
    });
  }

  async get(id: string): Promise<Qualification | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(qualifications.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, payload: QualificationPayload): Promise<string> {
    const [row] = await tx.insert(qualifications).values(columns(payload)).returning({ id: qualifications.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    await this.writeLinks(tx, row.id, payload);
    return row.id;
  }

  /** False when there is no such qualification. */
  async update(tx: DbOrTx, id: string, payload: QualificationPayload): Promise<boolean> {
    const updated = await tx.update(qualifications).set(columns(payload)).where(eq(qualifications.id, id)).returning({ id: qualifications.id });
    if (!updated.length) return false;
    await this.writeLinks(tx, id, payload);
    return true;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, qualifications, qualifications.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(qualifications).where(eq(qualifications.id, id));
  }

  private async writeLinks(tx: DbOrTx, id: string, payload: QualificationPayload) {
    const q = qualification_reservation_rules;
    const m = qualification_mailing_list_classes;
    await replaceLinks(tx, q, q.qualification_id, q.reservation_rule_id, id, payload.reservation_rules);
    await replaceLinks(tx, m, m.qualification_id, m.mailing_list_class_id, id, payload.mailing_list_classes);
  }
}

const columns = (p: QualificationPayload) => ({ name: p.name, description: p.description, color: p.color.toLowerCase(), priority: p.priority });
