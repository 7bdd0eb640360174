import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';

/**
 * The Database type is merged from every module's server/<module>/tables.ts: a query of a table no
 * module declares fails `tsc` (the `@ts-expect-error` below), one of each module's tables compiles.
 */
describe('the database type', () => {
  it('holds the tables the modules declare, and no other', () => {
    // Never called: these lines are for the type checker only.
    const typeOnly = (db: Db) => [
      db.selectFrom('users').select(['id', 'user_name']),
      db.selectFrom('jobs').select(['kind', 'payload']),
      db.selectFrom('devices').select(['citizen_id', 'stop_reason']),
      db.selectFrom('sign_in_throttle').select('locked_until'),
      db.selectFrom('user_passkeys').select('credential_id'),
      db.selectFrom('alarm_texts').select('subject'),
      db.selectFrom('roles').select('require_second_factor'),
      // @ts-expect-error: a table no module declares
      db.selectFrom('no_such_table').selectAll(),
    ];
    expect(typeof typeOnly).toBe('function');
  });
});
