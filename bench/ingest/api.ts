// The API the bench sends to, started one of two ways (nodes.ts, supervised.ts): what the
// orchestrator needs from either.
import { readFileSync } from 'node:fs';
import type { Db } from '../../server/db/database';

export interface CpuUse {
  label: string;
  seconds: number;
  /** Of which in the kernel, when known. */
  kernelSeconds?: number;
}

export interface BenchApi {
  /** What the summary line calls this set-up. */
  name: string;
  /** The database, for seeding and reading the results. */
  db: Db;
  /** The ingest ports; the load generator spreads its connections over them. */
  ingestPorts: number[];
  /** Starts counting CPU (after seeding, right before the load). */
  startCpu(): void;
  /** CPU used by each API process since startCpu. */
  cpu(): Promise<CpuUse[]>;
  stop(): Promise<void>;
}

/** User and kernel CPU seconds a process used so far (Linux /proc), or null when it is gone. */
export function processCpu(pid: number): { user: number; kernel: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, kernel: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}
