// What the supervisor (the cluster's primary) and its API workers tell each other.

/** The environment variable that gives a forked worker its slot, 1..API_WORKERS. */
export const SLOT_ENV = 'VIGIL_WORKER_SLOT';

/**
 * The slot whose worker runs the background work (mail delivery, billing run, offline detection):
 * one process is enough, and a replacement in the same slot takes it over.
 */
export const BACKGROUND_SLOT = 1;

/** A worker's message once it has migrated, seeded and listens on its ports. */
export interface WorkerReady {
  type: 'vigil:ready';
  /** Lines for the ready block that only the worker knows (demo accounts, the first administrator). */
  notes: string[];
}

export function isWorkerReady(message: unknown): message is WorkerReady {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'vigil:ready';
}
