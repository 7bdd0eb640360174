// bench:watches' load generators as the orchestrator drives them: GENERATORS processes
// (watches.ts), each with its share of the fleet; their "locate now" arrivals go to one listener.
import { fork, type ChildProcess } from 'node:child_process';
import type { WatchCounts, WatchOrder, WatchReport } from './messages';

export interface Generators {
  /** Connects every watch; resolves with how many are up, what failed and the slowest process's time. */
  connect(port: number, concurrency: number): Promise<{ ok: number; failed: Record<string, number>; seconds: number }>;
  go(start: number): void;
  /** Frames sent so far, added up over the processes. */
  counts(): Promise<WatchCounts>;
  /** Called with each CR frame read: the watch's index and when (wall clock ms). */
  onLocate(listener: (watch: number, at: number) => void): void;
  stop(): Promise<WatchCounts>;
}

export function startGenerators(watches: number, processes: number): Generators {
  const share = Math.ceil(watches / processes);
  const children = Array.from({ length: Math.min(processes, Math.ceil(watches / share)) }, (_, k) => ({
    child: fork(new URL('./watches.ts', import.meta.url).pathname, [], { execArgv: process.execArgv }),
    first: k * share,
    count: Math.min(share, watches - k * share),
  }));
  let locate: (watch: number, at: number) => void = () => undefined;
  // Replies in order per process; CR arrivals go to the listener whenever they come.
  const waiting = new Map<ChildProcess, ((m: WatchReport) => void)[]>();
  for (const { child } of children) {
    waiting.set(child, []);
    child.on('message', (m: WatchReport) => (m.type === 'cr' ? locate(m.watch, m.at) : waiting.get(child)!.shift()?.(m)));
  }
  const ask = <T extends WatchReport['type']>(child: ChildProcess, order: WatchOrder, type: T) =>
    new Promise<Extract<WatchReport, { type: T }>>((resolve, reject) => {
      waiting.get(child)!.push((m) => (m.type === type ? resolve(m as Extract<WatchReport, { type: T }>) : reject(new Error(`a load generator said ${m.type}, not ${type}`))));
      child.send(order);
    });
  const total = (all: Extract<WatchReport, { type: 'counts' }>[]): WatchCounts => ({
    fixes: all.reduce((s, c) => s + c.fixes, 0),
    heartbeats: all.reduce((s, c) => s + c.heartbeats, 0),
    echoes: all.reduce((s, c) => s + c.echoes, 0),
    closed: all.reduce((s, c) => s + c.closed, 0),
    cpuSeconds: all.reduce((s, c) => s + c.cpuSeconds, 0),
  });
  return {
    async connect(port, concurrency) {
      const done = await Promise.all(children.map(({ child, first, count }) => ask(child, { type: 'connect', port, first, count, concurrency }, 'connected')));
      const failed: Record<string, number> = {};
      for (const d of done) for (const [why, n] of Object.entries(d.failed)) failed[why] = (failed[why] ?? 0) + n;
      return { ok: done.reduce((s, d) => s + d.ok, 0), failed, seconds: Math.max(...done.map((d) => d.seconds)) };
    },
    go(start) {
      for (const { child } of children) child.send({ type: 'go', start, watches } satisfies WatchOrder);
    },
    counts: async () => total(await Promise.all(children.map(({ child }) => ask(child, { type: 'counts' }, 'counts')))),
    onLocate(listener) {
      locate = listener;
    },
    async stop() {
      const exited = children.map(({ child }) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))));
      const last = total(await Promise.all(children.map(({ child }) => ask(child, { type: 'stop' }, 'counts'))));
      await Promise.all(exited);
      return last;
    },
  };
}
