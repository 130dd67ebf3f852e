import { eq } from 'drizzle-orm';
import type { Enrollment, EnrollmentPayload, TrainingGroup, TrainingGroupPayload } from 'shared-api/contract';
import { GROUP_HAS_ENROLLMENTS } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError, invalidInput, isReferencedRow, isUniqueViolation } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import { users } from '../tables';
import type { TrainingGroupRepository, TrainingGroupSortKey } from './repository';

/** Euro with at most two decimals → integer cents, without floating-point drift. */
const toCents = (euro: number) => Math.round(euro * 100);

/** The rules of training groups: a trainer who exists, no more trainees than the maximum, nobody twice, no deletion while anyone is enrolled. */
export class TrainingGroupService extends ListedRecords<TrainingGroup, TrainingGroupSortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: TrainingGroupRepository,
  ) {
    super(repo, 'TRAINING_GROUP_NOT_FOUND');
  }

  private async assertUser(field: string, userId: string) {
    const [found] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!found) throw invalidInput(`${field}: Utente non trovato`);
  }

  async create(payload: TrainingGroupPayload): Promise<TrainingGroup> {
    await this.assertUser('trainer', payload.trainer);
    return this.get(await this.repo.insert(payload));
  }

  /** A maximum below the trainees already enrolled is refused: it would leave the group over its limit. */
  async update(id: string, payload: TrainingGroupPayload): Promise<TrainingGroup> {
    await this.assertUser('trainer', payload.trainer);
    const enrolled = await this.repo.enrolledCount(id);
    if (payload.max_trainees < enrolled) throw invalidInput(`max_trainees: Il gruppo ha già ${enrolled} partecipanti iscritti`);
    if (!(await this.repo.update(id, payload))) throw new DomainError('TRAINING_GROUP_NOT_FOUND');
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    try {
      if (!(await this.repo.delete(id))) throw new DomainError('TRAINING_GROUP_NOT_FOUND');
    } catch (err) {
      if (isReferencedRow(err)) throw new DomainError('TRAINING_GROUP_HAS_ENROLLMENTS', GROUP_HAS_ENROLLMENTS);
      throw err;
    }
  }

  async participants(groupId: string): Promise<Enrollment[]> {
    await this.get(groupId);
    return this.repo.participants(groupId);
  }

  /** Under a lock on the group, so two enrollments racing for the last place cannot both get it. */
  async enroll(groupId: string, userId: string, payload: EnrollmentPayload): Promise<Enrollment> {
    await this.assertUser('user', userId);
    try {
      await this.db.transaction(async (tx) => {
        const group = await this.repo.lockGroup(tx, groupId);
        if (!group) throw new DomainError('TRAINING_GROUP_NOT_FOUND');
        if (await this.repo.isEnrolled(tx, groupId, userId)) throw new DomainError('ALREADY_ENROLLED');
        if (group.enrolled >= group.max_trainees) {
          throw new DomainError(
            'TRAINING_GROUP_FULL',
            `Il gruppo di allenamento ha già raggiunto il numero massimo di partecipanti (${group.max_trainees})`,
          );
        }
        await this.repo.insertEnrollment(tx, {
          group_id: groupId,
          user_id: userId,
          cost_cents: toCents(payload.cost),
          enrollment_date: payload.enrollment_date,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'training_group_enrollments_group_user_key')) throw new DomainError('ALREADY_ENROLLED');
      throw err;
    }
    return this.participantOf(groupId, userId);
  }

  async editEnrollment(enrollmentId: string, payload: EnrollmentPayload): Promise<Enrollment> {
    const found = await this.repo.enrollment(enrollmentId);
    if (!found) throw new DomainError('ENROLLMENT_NOT_FOUND');
    await this.repo.updateEnrollment(enrollmentId, { cost_cents: toCents(payload.cost), enrollment_date: payload.enrollment_date });
    return this.participantOf(found.group_id, found.user_id);
  }

  async unenroll(groupId: string, userId: string): Promise<void> {
    if (!(await this.repo.deleteEnrollment(groupId, userId))) throw new DomainError('ENROLLMENT_NOT_FOUND');
  }

  private async participantOf(groupId: string, userId: string): Promise<Enrollment> {
    const found = (await this.repo.participants(groupId)).find((p) => p.trainee._id === userId);
    if (!found) throw new DomainError('ENROLLMENT_NOT_FOUND');
    return found;
  }
}
