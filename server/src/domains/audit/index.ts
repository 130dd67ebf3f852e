import type { Domain } from '../../core/domain';
import { AuditRepository } from './repository';
import routes from './routes';
import { AuditService, auditRetentionJob } from './service';
import { auditSettings } from './settings';

declare module '../../core/domain' {
  interface Services {
    audit: AuditService;
  }
}

/**
 * The audit log's read side (issue 28): the '*' list and its download, a member's own recent activity, and the
 * retention job. The entries themselves are written by core (core/audit), in the transaction of each change.
 */
export const audit: Domain = {
  name: 'audit',
  settings: auditSettings,
  services({ db, config, clock, auditNames }) {
    return {
      audit: new AuditService({
        db,
        repo: new AuditRepository(db, config.clubTimezone),
        names: auditNames,
        clock,
        retentionDays: config.auditRetentionDays,
        timeZone: config.clubTimezone,
      }),
    };
  },
  routes,
  jobs: [auditRetentionJob],
};
