import { api, type ErrorTextOptions } from 'shared-api';
import { createMutation } from 'shared-ui';
import type { GameTable, GameTablePayload } from 'shared-api';
import { GAME_TABLES_PATH, GAME_TABLES_QUERY_KEY } from './get-game-tables';

// A number already taken, or a table still holding sessions: the server's code says which.
const TABLE_CONFLICTS: ErrorTextOptions = { own: ['GAME_TABLE_NUMBER_TAKEN', 'GAME_TABLE_IN_USE', 'GAME_TABLE_NOT_FOUND', 'REFERENCED'] };

export const useCreateGameTable = createMutation({
  mutationFn: (body: GameTablePayload) => api.post<GameTable>(GAME_TABLES_PATH, body),
  invalidates: GAME_TABLES_QUERY_KEY,
  toasts: {
    pending: 'Creazione tavolo in corso...',
    success: 'Tavolo creato con successo!',
    error: 'Si è verificato un errore durante la creazione del tavolo',
  },
  errorCodes: TABLE_CONFLICTS,
});

export const useUpdateGameTable = createMutation({
  mutationFn: ({ id, body }: { id: string; body: GameTablePayload }) => api.patch<GameTable>(`${GAME_TABLES_PATH}/${id}`, body),
  invalidates: GAME_TABLES_QUERY_KEY,
  toasts: {
    pending: 'Modifica tavolo in corso...',
    success: 'Tavolo modificato con successo!',
    error: 'Si è verificato un errore durante la modifica del tavolo',
  },
  errorCodes: TABLE_CONFLICTS,
});

export const useDeleteGameTable = createMutation({
  mutationFn: (id: string) => api.delete(`${GAME_TABLES_PATH}/${id}`),
  invalidates: GAME_TABLES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione tavolo in corso...',
    success: 'Tavolo eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del tavolo",
  },
  errorCodes: TABLE_CONFLICTS,
});
