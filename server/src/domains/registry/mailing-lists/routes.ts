import type { FastifyPluginAsync } from 'fastify';
import { mailingListClass, mailingListClassPayload } from 'shared-api/contract';
import { registerResourceRoutes } from '../../../core/resources/routes';
import { MAILING_LIST_CLASS_EXPORT_COLUMNS } from './export-columns';
import { MAILING_LIST_CLASS_SORT_KEYS } from './repository';

/** /user/mailing-list/classes (spec 001 §7 Mailing lists). */
const mailingListRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, {
    tag: 'mailing list',
    noun: ['classe di mailing list', 'classi di mailing list'],
    access: ['registry_access'],
    item: mailingListClass,
    payload: mailingListClassPayload,
    sortKeys: MAILING_LIST_CLASS_SORT_KEYS,
    maxLimit: 500,
    exportFile: { baseName: 'classi_mailing_list', title: 'Mailing list', columns: MAILING_LIST_CLASS_EXPORT_COLUMNS },
    service: app.services.registry.mailingListClasses,
  });
};

export default mailingListRoutes;
