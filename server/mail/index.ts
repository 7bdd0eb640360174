import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { createTransport } from './transport';
import { deliverPending } from './worker';
import { logFailure } from '../db/health';

export { queueMail, queueMails, type OutgoingMail } from './outbox';

/** How often the outbox is checked; a queued mail also wakes the worker at once (kickMail). */
const POLL_MS = 1000;

let kick: (() => void) | undefined;

/** Asks this node's mail worker to look at the outbox now (after queueing an urgent mail, an alarm). */
export function kickMail(): void {
  kick?.();
}

/** Mail delivery: a worker per node drains mail_outbox over SMTP or into the local outbox folder. */
export async function mailModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  if (!ctx.config.workers) return;
  const transport = createTransport(ctx.config);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = (): void => {
    if (stopped || running) return;
    clearTimeout(timer);
    running = (async () => {
      try {
        // Drain: keep going while full batches come back.
        while (!stopped && (await deliverPending(ctx.db, transport, ctx.config.mailFrom)) > 0);
      } catch (err) {
        logFailure(app.log, err, 'mail delivery failed');
      } finally {
        running = undefined;
        if (!stopped) timer = setTimeout(run, POLL_MS);
      }
    })();
  };
  kick = run;
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
    if (kick === run) kick = undefined;
  });
}
