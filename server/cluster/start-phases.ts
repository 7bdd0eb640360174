import type { FastifyBaseLogger } from 'fastify';

/** One step of a start and how long it took. */
export interface StartPhase {
  phase: string;
  ms: number;
}

/**
 * Times the steps of a start (opening the database, migrations, seeding, each module), so that
 * `LOG_LEVEL=debug` shows where a slow start goes. The logger exists only once the database is
 * up, so the steps are kept and written together.
 */
export class StartPhases {
  readonly phases: StartPhase[] = [];
  /** What the start did or did not do that the steps' names do not say. */
  readonly notes: string[] = [];
  private readonly started = performance.now();

  /** A first step from the process's start to now: Node itself and importing the server's code (a worker of `npm start`). */
  sinceProcessStart(): this {
    this.phases.push({ phase: 'process start and code', ms: Math.round(performance.now()) });
    return this;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  async time<T>(phase: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      this.phases.push({ phase, ms: Math.round(performance.now() - started) });
    }
  }

  /** One debug line a step, in the order they ran, then the total. */
  report(log: FastifyBaseLogger): void {
    for (const { phase, ms } of this.phases) log.debug({ phase, ms }, `start phase ${phase}: ${ms} ms`);
    for (const note of this.notes) log.debug(`start: ${note}`);
    log.debug({ ms: Math.round(performance.now() - this.started) }, 'start phases done');
  }
}
