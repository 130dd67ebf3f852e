/**
 * A private calendar-feed address (issue 27, issue 44 item 8): the member's on their profile, a table's in the
 * bookings staff's table list. One read, one Attiva/Rigenera/Disattiva call and one copy, at the address's path.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type CalendarFeed } from 'shared-api';
import { notify } from 'shared-ui';

/** The feed's address for a calendar app to subscribe to: webcal:// opens the phone's or computer's calendar (issue 44). */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

const FAILED = "Impossibile aggiornare l'indirizzo del calendario. Riprova più tardi.";

/** GET `path` under `queryKey`; POST (create or regenerate) and DELETE (turn off) store the answer in its place. */
export function useCalendarFeed(queryKey: QueryKey, path: string, copiedText: string) {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey, queryFn: () => api.get<CalendarFeed>(path) });
  const change = useMutation({
    mutationFn: (method: 'post' | 'delete') => (method === 'post' ? api.post<CalendarFeed>(path) : api.delete<CalendarFeed>(path)),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
    onError: () => notify.error(FAILED),
  });
  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      notify.success(copiedText);
    } catch {
      notify.error("Impossibile copiare: seleziona l'indirizzo e copialo a mano.");
    }
  }
  return { feed, change, url: feed.data?.url ?? null, copy };
}
