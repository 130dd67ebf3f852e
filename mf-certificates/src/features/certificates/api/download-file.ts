import { download } from 'shared-api';
import { notify, toastPromise } from 'shared-ui';

export const DOWNLOAD_MESSAGES = {
  pending: 'Download in corso...',
  success: 'File scaricato con successo!',
  error: 'Errore durante il download del file. Assicurati che il file sia disponibile e riprova.',
  noFile: 'Nessun file disponibile per il download.',
} as const;

/**
 * Downloads an uploaded file by the URL the list gives (spec 001 §7: /api/… paths go to the API base; the name
 * comes from content-disposition). Failures end in their toast; the promise never rejects.
 */
export async function downloadRecordFile(fileUrl: string | null | undefined, fileName: string): Promise<void> {
  if (!fileUrl) {
    notify.error(DOWNLOAD_MESSAGES.noFile);
    return;
  }
  await toastPromise(() => download(fileUrl, fileName), DOWNLOAD_MESSAGES).catch(() => undefined);
}
