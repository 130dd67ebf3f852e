import type { ComponentType } from 'react';
import { SLOT_NAMES, type Profile } from 'shared-api';

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

/**
 * The shell pages a domain app may add to (docs/releases.md, "Slot"): `home`, the blocks of the home page (member and
 * staff); `profile`, the cards of /user/profile. An app offers a slot by exposing a module of that name ('./home',
 * './profile') whose default export is a `SlotEntries` list.
 */
export { SLOT_NAMES };
export type SlotName = (typeof SLOT_NAMES)[number];

/** What the shell hands every entry of a slot. */
export interface SlotProps {
  home: Record<string, never>;
  profile: ProfileCardProps;
}

/** One block or card a domain app contributes to a slot. */
export interface SlotEntry<N extends SlotName = SlotName> {
  /** Unique within the app (e.g. 'next-booking'); the key the shell renders it under. */
  id: string;
  /**
   * Where it goes on the page: the shell puts every app's entries in ascending order (ties: the app's name), see the
   * numbers in use in docs/releases.md.
   */
  order: number;
  /** Shown only to a user holding one of these, as the route table guards a page (none: every signed-in user). */
  permissions?: readonly string[];
  Component: ComponentType<SlotProps[N]>;
}

/** The default export of a slot module ('./home', './profile'). */
export type SlotEntries<N extends SlotName = SlotName> = readonly SlotEntry<N>[];
