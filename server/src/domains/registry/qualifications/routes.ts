import type { FastifyPluginAsync } from 'fastify';
import { qualification, qualificationPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { QUALIFICATION_EXPORT_COLUMNS } from './export-columns';
import { QUALIFICATION_SORT_KEYS } from './repository';

/** /user/qualification (spec 001 §7 Qualifications): the registry edits them; the bookings staff read them for the session form. */
const qualificationRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'qualifiche',
    noun: ['qualifica', 'qualifiche'],
    access: ['registry_access'],
    readAccess: ['registry_access', 'bookings_access'],
    item: qualification,
    payload: qualificationPayload,
    sortKeys: QUALIFICATION_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'qualifiche', title: 'Qualifiche sociali', columns: QUALIFICATION_EXPORT_COLUMNS },
    service: app.services.registry.qualifications,
  });
};

export default qualificationRoutes;
