import { nameText, namedByColumns } from '../audit/names';
import { files } from '../db/tables';

/** How the audit log names a stored file (core/audit/names.ts): by the name it was uploaded with. */
export const fileAuditNames = [namedByColumns(files.id, { original_name: files.original_name }, (r) => nameText(r.original_name))];
