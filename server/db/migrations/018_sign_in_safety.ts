import { sql, type Kysely } from 'kysely';

/**
 * Sign-in safety (docs/decisions/025-sign-in-abuse.md):
 * - sign_in_throttle: failed sign-ins counted per (login, address) and per login, with the lockout
 *   each has earned, so the counts hold across API nodes and restarts (server/identity/sign-in-throttle.ts);
 * - login_names: every live user's normalized user name and email under one unique key, kept by a
 *   trigger on users in the same transaction, so no login string can name two accounts whichever
 *   write path (API, registration, seed) made them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failure', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sign_in_throttle_last_failure on sign_in_throttle (last_failure)`.execute(db);

  await db.schema
    .createTable('login_names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await sql`create index login_names_user on login_names (user_id)`.execute(db);
  // Earlier data may hold a name that is also another user's email: the first one keeps it (the
  // API reports the clash when either is next saved).
  await sql`
    insert into login_names (name, user_id)
    select name, id from (
      select normalized_user_name as name, id, creation_time from users where not is_deleted
      union all
      select normalized_email, id, creation_time from users where not is_deleted and normalized_email <> ''
    ) names
    order by creation_time, id
    on conflict do nothing`.execute(db);
  await sql`
    create function keep_login_names() returns trigger language plpgsql as $$
    begin
      delete from login_names where user_id = new.id;
      if not new.is_deleted then
        insert into login_names (name, user_id) values (new.normalized_user_name, new.id);
        if new.normalized_email <> '' and new.normalized_email <> new.normalized_user_name then
          insert into login_names (name, user_id) values (new.normalized_email, new.id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_login_names_insert after insert on users for each row execute function keep_login_names()`.execute(db);
  await sql`
    create trigger users_login_names_update after update of normalized_user_name, normalized_email, is_deleted on users
    for each row when (old.normalized_user_name is distinct from new.normalized_user_name
      or old.normalized_email is distinct from new.normalized_email or old.is_deleted is distinct from new.is_deleted)
    execute function keep_login_names()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_login_names_update on users`.execute(db);
  await sql`drop trigger if exists users_login_names_insert on users`.execute(db);
  await sql`drop function if exists keep_login_names()`.execute(db);
  await db.schema.dropTable('login_names').ifExists().execute();
  await db.schema.dropTable('sign_in_throttle').ifExists().execute();
}
