import { useQuery } from '@tanstack/react-query';
import { referenceOptionsQuery } from './reference-options';

/** GET /user/qualification?limit=300 for the qualification selectors. */
export const qualificationOptionsQuery = () => referenceOptionsQuery('qualifications', '/user/qualification');

export const useQualificationOptions = () => useQuery(qualificationOptionsQuery());
