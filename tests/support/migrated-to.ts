import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateTo, type Db } from '../../server/db/database';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import { createScratchDatabase } from './server';

/**
 * A fresh database migrated up to one named migration, on either engine (an in-memory PGlite, or
 * a scratch database on the PostgreSQL at `url`): for a test of the next migration on data.
 */
export async function databaseMigratedTo(url: string, migration: string): Promise<{ db: Db; close: () => Promise<void> }> {
  if (!url) {
    const pglite = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin } });
    const db = new Kysely({ dialect: new PGliteDialect(pglite) }) as unknown as Db;
    await migrateTo(db, migration);
    return { db, close: () => db.destroy() };
  }
  const scratch = await createScratchDatabase(url);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scratch.url, max: 2 }) }) }) as unknown as Db;
  await migrateTo(db, migration);
  return {
    db,
    close: async () => {
      await db.destroy();
      await scratch.drop();
    },
  };
}
