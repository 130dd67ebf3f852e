import { api, type TrainingGroup, type TrainingGroupPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { GROUP_FORM_ERRORS, TRAINING_GROUPS_PATH, TRAINING_GROUPS_QUERY_KEY } from './get-training-groups';

export const useCreateTrainingGroup = createMutation({
  mutationFn: (body: TrainingGroupPayload) => api.post<TrainingGroup>(TRAINING_GROUPS_PATH, body),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Creazione gruppo di allenamento in corso...',
    success: 'Gruppo di allenamento creato con successo!',
    error: 'Si è verificato un errore durante la creazione del gruppo di allenamento',
  },
  errorCodes: GROUP_FORM_ERRORS,
});

export const useUpdateTrainingGroup = createMutation({
  mutationFn: ({ id, body }: { id: string; body: TrainingGroupPayload }) => api.patch<TrainingGroup>(`${TRAINING_GROUPS_PATH}/${id}`, body),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Modifica gruppo di allenamento in corso...',
    success: 'Gruppo di allenamento modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del gruppo di allenamento',
  },
  errorCodes: GROUP_FORM_ERRORS,
});

/** Spec 001 §8: a group with trainees answers 'Cannot delete training group as it has active enrollments', shown in Italian. */
export const useDeleteTrainingGroup = createMutation({
  mutationFn: (id: string) => api.delete(`${TRAINING_GROUPS_PATH}/${id}`),
  invalidates: TRAINING_GROUPS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione gruppo di allenamento in corso...',
    success: 'Gruppo di allenamento eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del gruppo di allenamento",
  },
  errorCodes: { own: ['TRAINING_GROUP_HAS_ENROLLMENTS'] },
});
