import { notify } from '../toast/notify';
import { TABLE_MESSAGES } from './messages';

/** Runs a download with the lists' success and error toasts; true when the file was downloaded. */
export async function downloadWithToasts(download: () => Promise<unknown>): Promise<boolean> {
  try {
    await download();
    notify.success(TABLE_MESSAGES.downloadSuccess);
    return true;
  } catch {
    notify.error(TABLE_MESSAGES.downloadError);
    return false;
  }
}
