// bench/history's API servers: each in a process of its own (server-process.ts) on a scratch
// database, so that the full history's server and the empty twin's never share a heap, a garbage
// collection or an event loop with each other or with the bench that times them (in one process
// the trail's p95 sat on a tail of 5 to 8 ms pauses of that process, shared by both sides).
import { fork } from 'node:child_process';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { createScratchDatabase, type Statement } from '../support/from-tests';
import { untilUnused } from '../support/database';
import { childMessages } from '../ingest/child-messages';

export type ServerRequest = { type: 'capture' } | { type: 'captured' } | { type: 'stop' };
export type ServerReply = { type: 'listening'; url: string; ingestPort: number } | { type: 'capturing' } | { type: 'statements'; statements: Statement[] };

export interface BenchServer {
  /** The server's HTTP base URL. */
  url: string;
  /** Its OsmAnd ingest port. */
  ingestPort: number;
  databaseUrl: string;
  /** The bench's own handle on the server's database (seeding, counting, the retention run). */
  db: Db;
  /** The SQL the server issued while `action` ran. */
  capture(action: () => Promise<void>): Promise<Statement[]>;
  /** Stops the server and waits for its connections to go; drops its database unless `keep`. */
  stop(keep?: boolean): Promise<void>;
}

export async function startBenchServer(base: string): Promise<BenchServer> {
  const scratch = await createScratchDatabase(base);
  // 'advanced': the captured parameters keep their types (a Date stays a Date).
  const child = fork(new URL('./server-process.ts', import.meta.url).pathname, [scratch.url], { execArgv: process.execArgv, serialization: 'advanced' });
  const { next, ask } = childMessages<ServerRequest, ServerReply>(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = await Promise.race([next(), exited.then((code) => Promise.reject(new Error(`the bench server exited with ${code} before it listened`)))]);
  if (listening.type !== 'listening') throw new Error(`the bench server said ${listening.type} first`);
  // Opened after the server has migrated the database.
  const database: DatabaseHandle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  return {
    url: listening.url,
    ingestPort: listening.ingestPort,
    databaseUrl: scratch.url,
    db: database.db,
    async capture(action) {
      await ask({ type: 'capture' });
      const done = await action().then(
        () => ({ ok: true as const }),
        (err: unknown) => ({ ok: false as const, err }),
      );
      const answer = await ask({ type: 'captured' });
      if (!done.ok) throw done.err;
      return answer.type === 'statements' ? answer.statements : [];
    },
    async stop(keep = false) {
      await database.close();
      child.send({ type: 'stop' } satisfies ServerRequest);
      await exited;
      await untilUnused(scratch.url, base);
      if (!keep) await scratch.drop();
    },
  };
}
