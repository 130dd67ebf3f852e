import type { ComponentType } from 'react';
import type { Profile } from 'shared-api';

/**
 * What every domain app exposes as './routes': its pages keyed by the full route path of spec 000 §2.1.
 * The shell's route table decides permissions and which app serves a path; a path an app does not list yet
 * shows the shell's "not yet available" message.
 */
export type DomainRoutes = Record<string, ComponentType>;

/**
 * What the shell's profile (/user/profile, spec 000 §2.7) hands the card mf_certificates exposes as
 * './profile-card': the member's profile as GET /user/me answers it, and a way to read it again after the card
 * changed it (an upload changes the medical status).
 */
export interface ProfileCardProps {
  profile: Profile;
  refreshProfile: () => Promise<void>;
}
