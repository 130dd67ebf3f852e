import { upload, type FitetImportReport, type UploadProgress } from 'shared-api';
import { createMutation } from 'shared-ui';
import { FITET_PATH, FITET_QUERY_KEY } from './get-fitet';

export interface FitetImport {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /user/fitet, multipart field `file` (spec 001 §7 FITET): the server answers the report of what it created,
 * updated and refused. A refused file (missing column, .xls, not a spreadsheet, too large) says why after the
 * fallback text.
 */
export const useImportFitet = createMutation({
  mutationFn: ({ file, onProgress }: FitetImport) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return upload<FitetImportReport>('POST', FITET_PATH, body, { onProgress });
  },
  invalidates: FITET_QUERY_KEY,
  toasts: {
    pending: 'Caricamento del file FITET in corso...',
    success: 'File FITET importato con successo!',
    error: 'Si è verificato un errore durante il caricamento del file FITET',
  },
  errorCodes: { detailed: ['FITET_FILE_INVALID', 'FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE', 'FILE_MISSING', 'TOO_MANY_FILES', 'VALIDATION_FAILED'] },
});
