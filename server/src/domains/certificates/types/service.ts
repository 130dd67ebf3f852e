import type { CertificateType, CertificateTypePayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { EditableService } from '../../../core/resources/service';
import { CertificateTypeRepository, type CertificateTypeSortKey } from './repository';

export type CertificateTypeService = EditableService<CertificateType, CertificateTypePayload, CertificateTypeSortKey>;

/** Certificate types: a unique name; none deleted while certificates are of it. */
export const certificateTypeService = (db: Db): CertificateTypeService =>
  new EditableService(db, new CertificateTypeRepository(db), {
    notFound: 'CERTIFICATE_TYPE_NOT_FOUND',
    inUse: { code: 'CERTIFICATE_TYPE_IN_USE', message: (holders) => `Impossibile eliminare la tipologia: è usata da ${holders}.` },
    uniqueName: { constraint: 'certificate_types_name_key', code: 'CERTIFICATE_TYPE_NAME_TAKEN' },
  });
