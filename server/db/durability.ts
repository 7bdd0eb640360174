import { sql } from 'kysely';
import type { Db } from './database';

/**
 * PostgreSQL settings that would break Vigil's promise that an acknowledged write (a fix, an alarm,
 * an acknowledgment, a payment) survives a crash of the database server. Read at start; each
 * unsafe one is a warning naming the setting and why. 'local' and 'remote_*' synchronous_commit
 * still flush locally, so only 'off' is unsafe.
 */
const CHECKS: { name: string; unsafe: (value: string) => boolean; why: string }[] = [
  { name: 'fsync', unsafe: (v) => v === 'off', why: 'a crash of the database server can lose or corrupt acknowledged data' },
  { name: 'synchronous_commit', unsafe: (v) => v === 'off', why: 'the last acknowledged writes (alarms, payments) can be lost in a crash of the database server' },
  { name: 'full_page_writes', unsafe: (v) => v === 'off', why: 'a crash during a page write can leave a table corrupt' },
];

export async function durabilityWarnings(db: Db): Promise<string[]> {
  const warnings: string[] = [];
  for (const check of CHECKS) {
    const { rows } = await sql<{ value: string }>`select current_setting(${check.name}) as value`.execute(db);
    const value = rows[0]?.value ?? '';
    if (check.unsafe(value)) warnings.push(`PostgreSQL setting ${check.name} = ${value}: ${check.why}. Set ${check.name} = on for Vigil's database.`);
  }
  return warnings;
}
