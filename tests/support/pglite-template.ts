import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../server/db/tables';
import { migrate } from '../../server/db/database';
import { PGliteDialect } from '../../server/db/pglite-dialect';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data-folder dump every in-memory test database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Global setup of the api and e2e projects: one migrated embedded database, dumped to a file.
 * Every test server's in-memory database starts from it (config.memoryTemplate) instead of
 * making a new cluster and migrating it, which was about five seconds of every server's start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrate(db);
  const dump = await pglite.dumpDataDir('none');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('pgliteTemplate', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
