import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from 'shared-api';
import type { GameTable } from '../../../api/types';

export const GAME_TABLES_PATH = '/training-session/game-tables';
export const GAME_TABLES_QUERY_KEY = 'game-tables';
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /training-session/game-tables, by number; stale and refetched after 5 minutes (spec 000 §9). */
export const gameTablesQuery = () =>
  queryOptions({
    queryKey: [GAME_TABLES_QUERY_KEY],
    queryFn: async ({ signal }) =>
      (await api.get<ListResponse<GameTable>>(GAME_TABLES_PATH, { limit: 0 }, signal)).data.sort((a, b) => a.number - b.number),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });

export const useGameTables = () => useQuery(gameTablesQuery());

/** 'Tavolo {number}' with the description as sub-line, as every menu shows a table (spec 000 §3). */
export const tableOptions = (tables: GameTable[] | undefined) =>
  (tables ?? []).map((t) => ({ id: t._id, name: `Tavolo ${t.number}`, description: t.description }));
