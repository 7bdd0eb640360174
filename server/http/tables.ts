import type { Timestamp } from '../db/columns';

/** A DPoP proof accepted by some API node (migration 021, server/http/dpop.ts): id is a hash of key thumbprint and jti. */
export interface DpopProofsTable {
  id: string;
  expires_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Timestamp;
}

/** Tables of the HTTP layer (rate limits, 021_dpop_proofs), in the Database type. */
declare module '../db/tables' {
  interface Database {
    dpop_proofs: DpopProofsTable;
    rate_limits: RateLimitsTable;
  }
}
