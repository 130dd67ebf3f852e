import { api, type Enrollment, type EnrollmentPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { ENROLLMENT_ERRORS, TRAINING_GROUPS_PATH, TRAINING_GROUPS_QUERY_KEY } from './get-training-groups';

export const useEnrollParticipant = createMutation({
  mutationFn: ({ groupId, userId, body }: { groupId: string; userId: string; body: EnrollmentPayload }) =>
    api.post<Enrollment>(`${TRAINING_GROUPS_PATH}/${groupId}/user/${userId}`, body),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Aggiunta partecipante in corso...',
    success: 'Partecipante aggiunto con successo!',
    error: "Si è verificato un errore durante l'aggiunta del partecipante al gruppo di allenamento",
  },
  errorCodes: ENROLLMENT_ERRORS,
});

export const useUpdateEnrollment = createMutation({
  mutationFn: ({ id, body }: { id: string; body: EnrollmentPayload }) => api.patch<Enrollment>(`${TRAINING_GROUPS_PATH}/enrollment/${id}`, body),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Modifica partecipante in corso...',
    success: 'Partecipante modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del partecipante',
  },
  errorCodes: ENROLLMENT_ERRORS,
});

export const useRemoveParticipant = createMutation({
  mutationFn: ({ groupId, userId }: { groupId: string; userId: string }) => api.delete(`${TRAINING_GROUPS_PATH}/${groupId}/user/${userId}`),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Rimozione partecipante in corso...',
    success: 'Partecipante rimosso con successo!',
    error: 'Si è verificato un errore durante la rimozione del partecipante',
  },
});
