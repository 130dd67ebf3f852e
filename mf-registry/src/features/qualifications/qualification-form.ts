import type { Qualification } from 'shared-api';

/** Spec 001 §5 Qualification: at most 5 booking rules and 5 mailing lists (the contract checks the same). */
export const QUALIFICATION_LIMITS = { reservation_rules: 5, mailing_list_classes: 5, priority: { min: 0, max: 255 } };

/** What the form's inputs hold: the priority as typed; the contract's qualificationForm makes the payload of it. */
export interface QualificationFormValues {
  name: string;
  description: string;
  color: string;
  priority: string;
  reservation_rules: string[];
  mailing_list_classes: string[];
}

export function qualificationToForm(qualification?: Qualification): QualificationFormValues {
  return {
    name: qualification?.name ?? '',
    description: qualification?.description ?? '',
    color: qualification?.color ?? '',
    // Priority defaults to 0 (spec 001 §5).
    priority: String(qualification?.priority ?? 0),
    reservation_rules: qualification?.reservation_rules.map((r) => r._id) ?? [],
    mailing_list_classes: qualification?.mailing_list_classes.map((m) => m._id) ?? [],
  };
}
