import { useQuery } from '@tanstack/react-query';
import { referenceOptionsQuery } from './reference-options';

/** GET /user/mailing-list/classes?limit=300 for the mailing-list selectors. */
export const mailingListClassOptionsQuery = () => referenceOptionsQuery('mailing-list-classes', '/user/mailing-list/classes');

export const useMailingListClassOptions = () => useQuery(mailingListClassOptionsQuery());
