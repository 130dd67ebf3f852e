import type { Db } from '../../core/db/client';
import { certificate_types } from './tables';

/** The demo club's certificate types (docs/decisions.md, "The demo club"). */
export async function seedCertificates(db: Db): Promise<void> {
  await db.insert(certificate_types).values([
    { name: 'Certificato medico non agonistico', days_before_warn: [30, 7, 1], is_medical: true },
    { name: 'Brevetto di arbitro', days_before_warn: [30], is_medical: false },
  ]);
}
