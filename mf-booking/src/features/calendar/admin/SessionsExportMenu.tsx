import { TRAINING_SESSIONS_EXPORT_PATH, download } from 'shared-api';
import { ExportMenu } from 'shared-ui';
import type { ShownRange } from '../components/BookingCalendar';

/**
 * 'Scarica' on the admin calendars (EXCEL / CSV / PDF, the lists' menu and toasts): the occurrences of the range
 * and table the calendar shows, with their bookings and participants (GET /training-session/export). The server
 * names the file (turni_2026-11-23_2026-11-29.xlsx, '_tavolo_N' for one table); the same name is the fallback.
 */
export function SessionsExportMenu({ startDate, endDate, tableId }: ShownRange) {
  const baseName = `turni_${startDate}_${endDate}`;
  return (
    <ExportMenu
      onExport={(format) =>
        // Without a file name from the server, download() adds '.pdf' from the content type itself.
        download(TRAINING_SESSIONS_EXPORT_PATH, format === 'pdf' ? baseName : `${baseName}.${format}`, {
          format,
          startDate,
          endDate,
          table_id: tableId ?? undefined,
        })
      }
    />
  );
}
