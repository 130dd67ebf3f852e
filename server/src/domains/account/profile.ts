import type { MedicalStatus, Profile, UpdateMeBody } from 'shared-api/contract';
import type { CurrentUser } from '../../core/domain';
import { DomainError } from '../../core/errors';
import type { UserRepository } from '../registry';
import type { AuthService } from './service';

export interface ProfileDeps {
  users: UserRepository;
  auth: AuthService;
  /** The member's medical status and expiry, as the certificates domain computes them (the same SQL every list reads). */
  medicalOf: (userId: string) => Promise<{ status: MedicalStatus; expiry: string | null }>;
}

/** The member's profile (spec 000 §2.7): the registry's record with their medical status; they change only phone and e-mail. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async get(userId: string): Promise<Profile> {
    const me = await this.deps.users.profile(userId);
    if (!me) throw new DomainError('USER_NOT_FOUND');
    const medical = await this.deps.medicalOf(userId);
    return { ...me, medical_certificate_status: medical.status, medical_certificate_expiration_date: medical.expiry };
  }

  /** Phone and e-mail (the e-mail only after the current password is checked: AuthService.updateContacts), then the profile. */
  async updateContacts(me: CurrentUser, changes: UpdateMeBody): Promise<Profile> {
    await this.deps.auth.updateContacts(me, changes);
    return this.get(me.id);
  }
}
