/** What the bench's processes tell each other, and the arithmetic on samples. */

export interface ServerReady {
  url: string;
  ingestPort: number;
  admission: boolean;
}

export interface LoadOrder {
  url: string;
  token: string;
  clients: number;
  seconds: number;
}

/** One kind of request's outcome: answered times (ms) by status, and the slowest of all. */
export interface Samples {
  ok: number[];
  /** Answers by status other than 200 (503 is the shed one), and 'error' for no answer. */
  refused: Record<string, number>;
  /** The longest any request of this kind waited for its answer, whatever the answer. */
  maxMs: number;
}

export const emptySamples = (): Samples => ({ ok: [], refused: {}, maxMs: 0 });

/** Records one request: its time and status ('error' when it got no answer). */
export function record(samples: Samples, ms: number, status: number | 'error'): void {
  samples.maxMs = Math.max(samples.maxMs, ms);
  if (status === 200) samples.ok.push(ms);
  else samples.refused[status] = (samples.refused[status] ?? 0) + 1;
}

/** IMEI of bench watch `i` (15 digits, apart from the demo ones). */
export const watchImei = (i: number) => `35000000${String(i).padStart(7, '0')}`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
