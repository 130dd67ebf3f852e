import { MAX_FILE_BYTES } from '../../core/files/policy';

export const tags = ['certificati'];
/** The certificates staff. */
export const staff = { access: ['certificates_access'] } as const;
/** One certificate file (field `file`), 5 MB. */
export const oneFile = { multipart: { maxFileBytes: MAX_FILE_BYTES, files: 1 } };
