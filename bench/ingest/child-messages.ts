// The messages of a forked process in the order they come, each taken once (bench/alarms' stand-ins,
// bench/history's servers): `next` resolves with the oldest not yet taken, `ask` sends and waits.
import type { ChildProcess } from 'node:child_process';

export function childMessages<Request, Reply>(child: ChildProcess): { next: () => Promise<Reply>; ask: (request: Request) => Promise<Reply> } {
  const arrived: Reply[] = [];
  const waiting: ((m: Reply) => void)[] = [];
  child.on('message', (m: Reply) => {
    const w = waiting.shift();
    if (w) w(m);
    else arrived.push(m);
  });
  const next = () => new Promise<Reply>((resolve) => (arrived.length ? resolve(arrived.shift()!) : waiting.push(resolve)));
  return {
    next,
    ask: (request: Request) => {
      child.send(request as object);
      return next();
    },
  };
}
