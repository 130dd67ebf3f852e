import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Enrollment, TrainingGroup, TrainingGroupPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countRows, joinOnKey, listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import { qualified } from '../../../core/sql';
import type { MedicalStatusPort } from '../medical-port';
import { training_group_enrollments, training_groups, users } from '../tables';

export const TRAINING_GROUP_SORT_KEYS = ['description', 'trainer', 'start_time', 'max_trainees'] as const;
export type TrainingGroupSortKey = (typeof TRAINING_GROUP_SORT_KEYS)[number];

const g = training_groups;
const e = training_group_enrollments;
const trainer = alias(users, 'trainer');

const FROM = listFrom(g, joinOnKey(trainer, eq(trainer.id, g.trainer_id)));

/** Training groups and their enrollments (spec 001 §3): SQL only. */
export class TrainingGroupRepository {
  constructor(
    private readonly db: Db,
    private readonly medical: () => MedicalStatusPort,
  ) {}

  private columns() {
    return {
      _id: g.id,
      description: g.description,
      trainer: sql<TrainingGroup['trainer']>`json_build_object('_id', ${trainer.id}, 'name', ${trainer.name}, 'surname', ${trainer.surname})`,
      week_days: g.week_days,
      start_time: g.start_time,
      end_time: g.end_time,
      max_trainees: g.max_trainees,
      enrollments: sql<number>`(select count(*)::int from ${e} where ${e.group_id} = ${qualified(g, 'id')})`,
    };
  }

  listSource(): ListSource<TrainingGroup, TrainingGroupSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
      search: searchableText(g.description, trainer.name, trainer.surname),
      sortColumns: { description: g.description, trainer: trainer.surname, start_time: g.start_time, max_trainees: g.max_trainees },
      defaultSort: [g.start_time, g.description],
      tieBreaker: g.id,
    });
  }

  async get(id: string): Promise<TrainingGroup | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(g.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(payload: TrainingGroupPayload): Promise<string> {
    const [row] = await this.db.transaction((tx) => tx.insert(g).values(columns(payload)).returning({ id: g.id }));
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async update(id: string, payload: TrainingGroupPayload): Promise<boolean> {
    return (await this.db.transaction((tx) => tx.update(g).set(columns(payload)).where(eq(g.id, id)).returning({ id: g.id }))).length > 0;
  }

  /** Deletes a group without enrollments; false when none was deleted (the foreign key refuses one with enrollments). */
  async delete(id: string): Promise<boolean> {
    return (await this.db.transaction((tx) => tx.delete(g).where(eq(g.id, id)).returning({ id: g.id }))).length > 0;
  }

  /** Locks the group (enrollments of one group are counted and added one at a time) and answers its maximum. */
  async lockGroup(tx: DbOrTx, id: string): Promise<{ max_trainees: number; enrolled: number } | null> {
    const [row] = await tx.select({ max_trainees: g.max_trainees }).from(g).where(eq(g.id, id)).for('update');
    if (!row) return null;
    return { max_trainees: row.max_trainees, enrolled: await countRows(tx, e, eq(e.group_id, id)) };
  }

  async isEnrolled(tx: DbOrTx, groupId: string, userId: string): Promise<boolean> {
    return (await countRows(tx, e, and(eq(e.group_id, groupId), eq(e.user_id, userId)))) > 0;
  }

  async enrolledCount(groupId: string): Promise<number> {
    return countRows(this.db, e, eq(e.group_id, groupId));
  }

  async insertEnrollment(tx: DbOrTx, values: { group_id: string; user_id: string; cost_cents: number; enrollment_date: string }): Promise<string> {
    const [row] = await tx.insert(e).values(values).returning({ id: e.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updateEnrollment(id: string, values: { cost_cents: number; enrollment_date: string }): Promise<boolean> {
    return (await this.db.transaction((tx) => tx.update(e).set(values).where(eq(e.id, id)).returning({ id: e.id }))).length > 0;
  }

  async deleteEnrollment(groupId: string, userId: string): Promise<boolean> {
    return (
      (
        await this.db.transaction((tx) =>
          tx
            .delete(e)
            .where(and(eq(e.group_id, groupId), eq(e.user_id, userId)))
            .returning({ id: e.id }),
        )
      ).length > 0
    );
  }

  /** The participants of a group with their medical status, by surname. */
  async participants(groupId: string): Promise<Enrollment[]> {
    const port = this.medical();
    const userId = qualified(users, 'id');
    const rows = await this.db
      .select({
        _id: e.id,
        group_id: e.group_id,
        user_id: users.id,
        name: users.name,
        surname: users.surname,
        status: port.statusOf(userId),
        end_date: port.expiryOf(userId),
        cost_cents: e.cost_cents,
        enrollment_date: e.enrollment_date,
      })
      .from(e)
      .innerJoin(users, eq(users.id, e.user_id))
      .where(eq(e.group_id, groupId))
      .orderBy(users.surname, users.name, e.id);
    return rows.map((r) => ({
      _id: r._id,
      group_id: r.group_id,
      trainee: { _id: r.user_id, name: r.name, surname: r.surname, medical_certificate: { current_end_date: r.end_date, status: r.status } },
      cost: r.cost_cents / 100,
      enrollment_date: r.enrollment_date,
    }));
  }

  async enrollment(id: string) {
    const [row] = await this.db.select().from(e).where(eq(e.id, id)).limit(1);
    return row ?? null;
  }
}

const columns = (p: TrainingGroupPayload) => ({
  description: p.description,
  trainer_id: p.trainer,
  week_days: p.week_days,
  start_time: p.start_time,
  end_time: p.end_time,
  max_trainees: p.max_trainees,
});
