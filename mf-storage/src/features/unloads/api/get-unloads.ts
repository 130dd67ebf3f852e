import { useQuery } from '@tanstack/react-query';
import type { ErrorTextOptions, StorageUnloadType, UserReduced } from 'shared-api';
import type { MenuOption } from 'shared-ui';
import { selectorQuery } from '../../../components/options';

/** Scarico reads GET /storage/unload through the DataTable under this key. */
export const UNLOADS_PATH = '/storage/unload';
export const UNLOADS_QUERY_KEY = 'storage-unloads';

/** How the page names the two types of unload. */
export const UNLOAD_TYPE_LABELS: Record<StorageUnloadType, string> = { UNLOAD: 'Scarico', DELIVERY: 'Consegna' };

/** The member a delivery goes to: GET /user?reducedDetails=true&limit=500, open to storage staff (DESIGN §3). */
export const useRecipientOptions = () => useQuery(selectorQuery<UserReduced>('storage-recipients', '/user', { reducedDetails: true }));

export const recipientOptions = (users: UserReduced[] | undefined): MenuOption[] =>
  (users ?? []).map((u) => ({ id: u._id, name: `${u.surname} ${u.name}`, description: u.email }));

/** More than the stock, or a refused field: the server's message says what and how much. */
export const UNLOAD_REFUSALS: ErrorTextOptions = { detailed: ['STORAGE_NOT_ENOUGH_STOCK', 'VALIDATION_FAILED'] };
