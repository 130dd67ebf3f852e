import { eq } from 'drizzle-orm';
import { testNow } from 'test-kit';
import type { Db } from '../core/db/client';
import { hashPassword } from '../core/passwords';
import { categories, users } from '../domains/registry/tables';

export const MEMBERS_PASSWORD = 'Socio-2026!';

let stampCounter = 0;

/**
 * `count` new members of `category`, signed up with the terms accepted, who sign in with MEMBERS_PASSWORD; their
 * surnames and e-mails carry `label` and a stamp unique in this process, so files sharing a database never collide.
 */
export async function insertMembers(
  db: Db,
  count: number,
  { label = 'socio', category = 'Soci' }: { label?: string; category?: string } = {},
): Promise<{ id: string; email: string; password: string }[]> {
  const hash = await hashPassword(MEMBERS_PASSWORD);
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, category));
  if (!found) throw new Error(`categoria ${category} non trovata`);
  const stamp = `${process.pid.toString(36)}${(stampCounter++).toString(36)}`;
  const now = testNow();
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Nome${i}`,
        surname: `${label}${stamp}x${i}`,
        email: `${label}.${stamp}.${i}@test.example`,
        category_id: found.id,
        password_hash: hash,
        registration_completed_at: now,
        terms_accepted_at: now,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return rows.map((r) => ({ ...r, password: MEMBERS_PASSWORD }));
}
