import type { Domain } from '../../core/domain';
import { todayIn } from '../../core/time';
import { CertificateRepository } from './certificates/repository';
import { medicalExpiryOf, medicalStatusOf } from './medical/status';
import { CertificateService } from './certificates/service';
import { EXPIRY_WARNINGS_JOB, sendExpiryWarnings } from './medical/expiry-warnings';
import routes from './routes';
import { seedCertificates } from './seed';
import { certificate_records } from './tables';
import { type CertificateTypeService, certificateTypeService } from './types/service';
import { certificatesPersonalData } from './personal-data';
import { certificatesAuditNames } from './audit-names';

/** The public face of the certificates domain for the others (booking checks, the profile). */
export { medicalExpiryOf, medicalStatusOf } from './medical/status';

export interface CertificatesServices {
  certificates: CertificateService;
  certificateTypes: CertificateTypeService;
}

declare module '../../core/domain' {
  interface Services {
    certificates: CertificatesServices;
  }
}

/** Certificates, their types and records, the member's medical certificate and its status. */
export const certificates: Domain = {
  name: 'certificates',
  migrations: 'domains/certificates/migrations',
  // The expiry warnings the job sends.
  unaudited: ['certificate_warnings'],
  services({ db, config, files, clock }) {
    const today = () => todayIn(config.clubTimezone, clock.now());
    return {
      // The registry's lists read the medical status through this port (it does not import this domain).
      medicalStatus: { statusOf: (userId, on) => medicalStatusOf(userId, on ?? today()), expiryOf: medicalExpiryOf },
      certificates: {
        certificates: new CertificateService({ db, repo: new CertificateRepository(db, today), files, today, clubName: config.clubName }),
        certificateTypes: certificateTypeService(db),
      },
    };
  },
  routes,
  personalData: certificatesPersonalData,
  auditNames: certificatesAuditNames,
  seed: seedCertificates,
  // A certificate's uploads: the member (their owner) and the certificates staff.
  fileHolders: [{ column: certificate_records.file_id, readers: ['certificates_access'] }],
  jobs: [
    {
      name: EXPIRY_WARNINGS_JOB,
      // Every morning at 7 in the club's time zone; a failed run is retried by the runner.
      schedule: '0 7 * * *',
      run: (_data, { db, config, clock, mailer }) =>
        sendExpiryWarnings({ db, today: () => todayIn(config.clubTimezone, clock.now()), deliver: (mail) => mailer.queue(mail) }).then(
          () => undefined,
        ),
    },
  ],
  async onStart({ jobs }) {
    // A server that was down at 7 catches up at start; the claims keep it from warning twice.
    await jobs.send(EXPIRY_WARNINGS_JOB, {});
  },
};
