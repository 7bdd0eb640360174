// bench:watches' API nodes, each in a process of its own (server-process.ts) with the GC exposed,
// so its memory can be read after a full collection.
import { fork } from 'node:child_process';
import { childMessages } from '../ingest/child-messages';
import type { ServerReply, ServerRequest, ServerUsage } from './messages';

export interface BenchNode {
  url: string;
  ingestPort: number;
  watchPort: number;
  /** Memory (after a full collection when `gc`), CPU so far and open files. */
  usage(gc?: boolean): Promise<ServerUsage>;
  stop(): Promise<void>;
}

export async function startNode(databaseUrl: string, role: 'first' | 'second', firstUrl?: string): Promise<BenchNode> {
  const child = fork(new URL('./server-process.ts', import.meta.url).pathname, [databaseUrl, role, ...(firstUrl ? [firstUrl] : [])], { execArgv: [...process.execArgv, '--expose-gc'] });
  const { next, ask } = childMessages<ServerRequest, ServerReply>(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = await Promise.race([next(), exited.then((code) => Promise.reject(new Error(`the ${role} node exited with ${code} before it listened`)))]);
  if (ready.type !== 'ready') throw new Error(`the ${role} node said ${ready.type} first`);
  return {
    url: ready.url,
    ingestPort: ready.ingestPort,
    watchPort: ready.watchPort,
    async usage(gc = false) {
      const m = await ask({ type: 'usage', gc });
      if (m.type !== 'usage') throw new Error(`the ${role} node said ${m.type}`);
      return m;
    },
    async stop() {
      if (child.exitCode === null) child.send({ type: 'stop' } satisfies ServerRequest);
      await exited;
    },
  };
}
