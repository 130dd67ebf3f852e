import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Enrollment, type ErrorTextOptions } from 'shared-api';

/** GET /user/training-group (list parameters, ordered by start time and description) and each group's participants, all under this key. */
export const TRAINING_GROUPS_PATH = '/user/training-group';
export const TRAINING_GROUPS_QUERY_KEY = 'training-groups';
/** Cards per page: the generic table's 12 (spec 001 §2), which fills a grid of 2 or 3 columns. */
export const GROUPS_PAGE_SIZE = 12;
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/training-group/{groupId}/participants: the trainees with their medical certificate. */
export const participantsQuery = (groupId: string) =>
  queryOptions({
    queryKey: [TRAINING_GROUPS_QUERY_KEY, 'participants', groupId],
    queryFn: ({ signal }) =>
      api.get<{ data: Enrollment[] }>(`${TRAINING_GROUPS_PATH}/${groupId}/participants`, undefined, signal).then((r) => r.data),
    refetchInterval: FIVE_MINUTES,
  });

export const useParticipants = (groupId: string) => useQuery(participantsQuery(groupId));

/** A refused field (e.g. a maximum below the trainees enrolled) says what to change. */
export const GROUP_FORM_ERRORS: ErrorTextOptions = { detailed: ['VALIDATION_FAILED'] };

/** Enrolling past the maximum, twice, or an unknown user: the server's reason follows the spec's error text. */
export const ENROLLMENT_ERRORS: ErrorTextOptions = {
  detailed: ['TRAINING_GROUP_FULL', 'ALREADY_ENROLLED', 'VALIDATION_FAILED', 'TRAINING_GROUP_NOT_FOUND'],
};
