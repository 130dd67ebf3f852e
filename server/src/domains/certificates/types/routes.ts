import type { FastifyPluginAsync } from 'fastify';
import { certificateType, certificateTypePayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { staff } from '../access';
import { CERTIFICATE_TYPE_EXPORT_COLUMNS } from './export-columns';
import { CERTIFICATE_TYPE_SORT_KEYS } from './repository';

/** /certificate/types (spec 001 §7 Certificate types). */
const certificateTypeRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'tipologie certificati',
    noun: ['tipologia di certificato', 'tipologie di certificato'],
    access: staff.access,
    item: certificateType,
    payload: certificateTypePayload,
    sortKeys: CERTIFICATE_TYPE_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'tipologie_certificati', title: 'Tipologie certificati', columns: CERTIFICATE_TYPE_EXPORT_COLUMNS },
    service: app.services.certificates.certificateTypes,
  });
};

export default certificateTypeRoutes;
