import { useQuery } from '@tanstack/react-query';
import type { MenuOption } from 'shared-ui';
import { fullName, selectorQuery } from './options';

/** A user as the pickers answer them (GET /user with reducedDetails or onlyAvailablePartners: picker fields only). */
export interface PickerUser {
  _id: string;
  name: string;
  surname: string;
  email?: string | null;
}

const USERS_KEY = 'finance-users';

/** GET /user?limit=500&reducedDetails=true (spec 002 §7): the member-charge form's user selector. */
export const useChargeUserOptions = () => useQuery(selectorQuery<PickerUser>(USERS_KEY, '/user', { reducedDetails: true }));

/** GET /user?limit=500&onlyAvailablePartners=true (spec 002 §5, §7): the self-certification form's user selector. */
export const usePartnerOptions = () => useQuery(selectorQuery<PickerUser>(USERS_KEY, '/user', { onlyAvailablePartners: true }));

/** A user in a menu: 'Surname Name', the e-mail as sub-line. */
export const userOptions = (users: PickerUser[] | undefined): MenuOption[] =>
  (users ?? []).map((u) => (u.email ? { id: u._id, name: fullName(u), description: u.email } : { id: u._id, name: fullName(u) }));
