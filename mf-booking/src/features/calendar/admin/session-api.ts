import { useQuery } from '@tanstack/react-query';
import { api, type ErrorTextOptions, type ListResponse, type NamedRef, type TrainingSession, type TrainingSessionPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { TRAINING_SESSIONS_QUERY_KEY } from '../../sessions/get-sessions';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/qualification?limit=300: the participant qualifications of the session form. */
export const useQualifications = () =>
  useQuery<NamedRef[]>({
    queryKey: ['qualifications', 'options'],
    queryFn: ({ signal }) => api.get<ListResponse<NamedRef>>('/user/qualification', { limit: 300 }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
  });

const SESSION_CODES: ErrorTextOptions = {
  own: [
    'SESSION_HAS_BOOKING',
    'SESSION_NOT_ON_DATE',
    'SESSION_DATE_PAST',
    'SESSION_DATE_TOO_FAR',
    'TRAINING_SESSION_NOT_FOUND',
    'TRAINING_SESSION_GROUP_NOT_FOUND',
    'GAME_TABLE_NOT_FOUND',
  ],
  detailed: ['VALIDATION_FAILED'],
  // Names the table, day and session in the way (issue 44 item 5).
  server: ['SESSION_OVERLAP'],
};

/** The group an occurrence belongs to, or null for a single session. */
export const groupIdOf = (s: TrainingSession) => s.group?._id ?? s.virtualGroupId ?? null;

export const useCreateSession = createMutation({
  mutationFn: (body: TrainingSessionPayloadInput) => api.post('/training-session', body),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Turno di allenamento creato con successo!',
    error: 'Errore durante la creazione del turno di allenamento.',
  },
  errorCodes: SESSION_CODES,
});

export const useCreateSessionGroup = createMutation({
  mutationFn: (body: unknown) => api.post('/training-session/group/session', body),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Gruppo di turni di allenamento creato con successo!',
    error: 'Errore durante la creazione del gruppo di turni di allenamento.',
  },
  errorCodes: SESSION_CODES,
});

export const useUpdateSession = createMutation({
  mutationFn: ({ id, body }: { id: string; body: TrainingSessionPayloadInput }) => api.patch(`/training-session/${id}`, body),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Aggiornamento in corso...',
    success: 'Turno di allenamento aggiornato con successo!',
    error: "Errore durante l'aggiornamento del turno di allenamento.",
  },
  errorCodes: SESSION_CODES,
});

export const useDeleteOccurrence = createMutation({
  mutationFn: (s: TrainingSession) => api.delete(`/training-session/${s._id}?date=${s.specific_date}`),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Turno singolo eliminato con successo!',
    error: "Errore durante l'eliminazione del turno singolo.",
  },
  errorCodes: SESSION_CODES,
});

export const useDeleteGroup = createMutation({
  mutationFn: (groupId: string) => api.delete(`/training-session/group/${groupId}`),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Turno ricorrente eliminato con successo!',
    error: "Errore durante l'eliminazione del turno ricorrente.",
  },
  errorCodes: SESSION_CODES,
});

/** PATCH /training-session/booking/{id}: an administrator deletes a booking. */
export const useDeleteBooking = createMutation({
  mutationFn: (bookingId: string) => api.patch(`/training-session/booking/${bookingId}`),
  invalidates: TRAINING_SESSIONS_QUERY_KEY,
  toasts: {
    pending: 'Cancellazione in corso...',
    success: 'Prenotazione cancellata con successo!',
    error: 'Impossibile cancellare la prenotazione.',
  },
});
