/**
 * What remains of an anonymised member outside their own rows (issue 39): the audit log's values and the mails to
 * others that hold their personal texts, whatever entity the entry is about, and the addresses they acted from.
 * Every domain names its traces of the member (PersonalDataPart.traces); this file looks for them everywhere core
 * keeps text, inside the anonymisation's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { PersonalTraces } from '../domain';

/**
 * Values shorter than this are not looked for: a two- or three-letter text (a province, an initial) would blank
 * other members' entries. Names are looked for as "Cognome Nome" and "Nome Cognome", never one word alone (another
 * member may share it), see the registry's traces.
 */
const SHORTEST_TRACE = 4;

/** The distinct texts to look for, lower-cased (the search is case-insensitive). */
export function traceNeedles(traces: readonly PersonalTraces[]): string[] {
  const needles = new Set<string>();
  for (const { values = [] } of traces) {
    for (const value of values) {
      const text = value?.trim().toLowerCase();
      if (text && text.length >= SHORTEST_TRACE) needles.add(text);
    }
  }
  return [...needles];
}

/** A needle as a literal inside a PostgreSQL regular expression (ARE). */
const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of one audit field's before and after, as the reader sees them (JSON strings unescaped). */
const fieldText = sql.raw(`lower(coalesce(f.value->>'before', '') || chr(10) || coalesce(f.value->>'after', ''))`);

/**
 * Redacts the member's traces in the transaction:
 * - every entry about their own records (`recordIds`: their users row, files, certificates …) keeps who, when, what
 *   and which fields, without values;
 * - every other entry keeps its values but those holding one of the member's texts (a ledger entry's description
 *   with their name, a certificate's notes, a FITET card number);
 * - the entries they made keep no address;
 * - the mails to others (the outbox: a partner's booking notice) name them no more.
 */
export async function redactPersonalTraces(tx: Tx, userId: string, recordIds: readonly string[], needles: readonly string[]): Promise<void> {
  const blank = sql.raw(`'{"before": null, "after": null}'::jsonb`);
  if (recordIds.length) {
    await tx.execute(sql`update audit_log
      set changes = coalesce((select jsonb_object_agg(key, ${blank}) from jsonb_each(changes)), '{}'::jsonb)
      where entity_id = any(select jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb))`);
  }
  await tx.execute(sql`update audit_log set ip = null where actor_user_id = ${userId} and ip is not null`);
  if (!needles.length) return;
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(needles)}::jsonb) as n)`;
  await tx.execute(sql`update audit_log
    set changes = (select jsonb_object_agg(f.key,
        case when exists (select 1 from ${list} needles where strpos(${fieldText}, needles.n) > 0) then ${blank} else f.value end)
      from jsonb_each(changes) f)
    where exists (select 1 from jsonb_each(changes) f, ${list} needles where strpos(${fieldText}, needles.n) > 0)`);
  // The mails to others: each text of the member becomes the anonymous name (case-insensitive).
  const pattern = needles.map(regexLiteral).join('|');
  await tx.execute(sql`update mail_outbox
    set subject = regexp_replace(subject, ${pattern}, 'Socio Anonimo', 'gi'),
        body = regexp_replace(body, ${pattern}, 'Socio Anonimo', 'gi')
    where subject ~* ${pattern} or body ~* ${pattern}`);
}
