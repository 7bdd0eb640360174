import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { runWithPriority, type Priority } from '../db/priority';
import { POOL_SIZE } from '../db/postgres';
import { translate } from '../localization/texts';
import { AbpError, sendAbpError } from './errors';
import { admissionLoad, admissionRefusals, admissionWaits } from './admission-metrics';

// A list call may hold two connections at once (count and page): ADMISSION_MAX_IN_FLIGHT of 4
// leaves at least 2 of the pool's for sign-in, ingest and alarms.

/** API paths a carer's sign-in, dashboard and alarms need, or that a watch or a payment webhook calls. */
const IMPORTANT_API = [
  '/api/abp/application-configuration',
  '/api/abp/multi-tenancy/',
  '/api/runtime-config',
  '/api/app/tracking/',
  '/api/app/productInstance/pagedDashboard',
  '/api/app/productInstance/dashboard/',
  // "Locate now" and the state of that request: a carer looking for a missing person.
  '/api/app/productInstance/requestPosition',
  '/api/plugandplay/',
  '/api/stripe/webhook',
];

/**
 * Everything outside /api is important (the issuer under /oidc with sign-in pages, token and
 * discovery, /connect, /ingest, /health, translations, the web app's files), and so are the
 * API paths above; the rest of /api is back-office work. Preflights carry no work.
 */
export function priorityOf(method: string, url: string): Priority {
  if (method === 'OPTIONS' || !url.startsWith('/api/')) return 'important';
  return IMPORTANT_API.some((path) => url.startsWith(path)) ? 'important' : 'ordinary';
}

export interface AdmissionLimits {
  maxInFlight: number;
  maxQueue: number;
  maxWaitMs: number;
}

export type Admission = { admitted: true; release: () => void } | { admitted: false; retryAfter: number };

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * At most maxInFlight admitted at once, then a FIFO line of at most maxQueue. A newcomer is
 * refused at once when the line is full or when the wait it can expect (its place times the mean
 * time a call holds its place, over the places) is beyond maxWaitMs; one that still waits
 * maxWaitMs is refused then. Refusing at the door costs next to nothing, unlike a call that
 * queues for the database and times out in the client after the server did the work.
 *
 * Calls are admitted from setImmediate, never where they arrive: on the embedded database a list
 * call runs start to end without giving the event loop back (PGlite answers in-process), so
 * admitted inline, calls would never overlap, the line would stay empty, and the backlog would
 * pile up unseen in the sockets, ahead of sign-ins. Parked here, every call that arrived in one
 * turn of the event loop is seen (and shed when too many), important ones run first, and at most
 * maxInFlight back-office calls run between two looks at the sockets.
 */
export class AdmissionGate {
  private inFlight = 0;
  private readonly waiting = new Set<Waiter>();
  private pumping = false;
  /** Moving average of how long an admitted call holds its place. */
  private holdMs = 20;

  constructor(private readonly limits: AdmissionLimits) {}

  /** Calls `decide` once: at once when refused, else when a place frees or the wait runs out. Returns a cancel for a caller gone meanwhile. */
  enter(decide: (outcome: Admission) => void): () => void {
    if (this.waiting.size >= this.limits.maxQueue || this.expectedWaitMs(this.waiting.size + 1) > this.limits.maxWaitMs) {
      decide({ admitted: false, retryAfter: this.retryAfter() });
      return () => undefined;
    }
    const waiter: Waiter = {
      admit: () => {
        clearTimeout(waiter.timer);
        decide(this.admit());
      },
      timer: setTimeout(() => {
        this.waiting.delete(waiter);
        decide({ admitted: false, retryAfter: this.retryAfter() });
      }, this.limits.maxWaitMs),
    };
    this.waiting.add(waiter);
    this.pump();
    return () => {
      if (this.waiting.delete(waiter)) clearTimeout(waiter.timer);
    };
  }

  get load(): { inFlight: number; waiting: number } {
    return { inFlight: this.inFlight, waiting: this.waiting.size };
  }

  /** Admits waiters into free places on the event loop's next check phase, after its I/O. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      for (const next of this.waiting) {
        if (this.inFlight >= this.limits.maxInFlight) break;
        this.waiting.delete(next);
        next.admit();
      }
    });
  }

  private admit(): Admission {
    this.inFlight++;
    const since = performance.now();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.holdMs += (performance.now() - since - this.holdMs) * 0.1;
      this.inFlight--;
      if (this.waiting.size) this.pump();
    };
    return { admitted: true, release };
  }

  /** The wait to expect at `place` in line: places beyond the free ones, at the pace calls leave. */
  private expectedWaitMs(place: number): number {
    const free = this.limits.maxInFlight - this.inFlight;
    return (Math.max(0, place - free) * this.holdMs) / this.limits.maxInFlight;
  }

  /** Seconds until the present line has likely cleared. */
  private retryAfter(): number {
    return Math.min(30, Math.max(1, Math.ceil(this.expectedWaitMs(this.waiting.size) / 1000)));
  }
}

/** Each request's async scope: the store set on arrival, entered again where Node loses it. */
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Classifies every request, runs it at its priority (server/db/priority.ts: on the embedded
 * database important queries go first) and holds back-office calls at the gate. Install right
 * after the request context (it needs request.language) and before authentication, so a refused
 * call costs no token check.
 */
export function installAdmission(app: FastifyInstance, config: Pick<Config, 'admission' | 'databaseUrl'>): void {
  const { enabled, ...limits } = config.admission;
  // Off, every call is served in arrival order, on the database too (no priority is set).
  if (!enabled) return;
  if (config.databaseUrl && limits.maxInFlight * 2 > POOL_SIZE - 2) {
    app.log.warn({ maxInFlight: limits.maxInFlight, pool: POOL_SIZE }, 'admission: back-office calls may take every database connection; sign-in and ingest would wait');
  }
  const gate = new AdmissionGate(limits);
  const unreport = admissionLoad.add(gate);
  app.addHook('onClose', async () => unreport());
  app.addHook('onRequest', (request, reply, done) => {
    const priority = priorityOf(request.method, request.url);
    runWithPriority(priority, () => {
      const scope = new AsyncResource('vigil:request');
      scopes.set(request, scope);
      if (priority === 'important') return done();
      const arrived = performance.now();
      const cancel = gate.enter((outcome) => {
        if (!outcome.admitted) {
          admissionRefusals.inc();
          return shed(request, reply, outcome.retryAfter);
        }
        admissionWaits.observe((performance.now() - arrived) / 1000);
        // 'close' comes when the answer is sent or the client has gone: the place frees either way.
        reply.raw.once('close', outcome.release);
        scope.runInAsyncScope(done);
      });
      reply.raw.once('close', cancel);
    });
  });
  // A body is read on the socket's async path, and onResponse runs on it: back to the request's.
  const reenter = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  };
  app.addHook('preValidation', reenter);
  app.addHook('onResponse', reenter);
}

function shed(request: FastifyRequest, reply: FastifyReply, retryAfter: number): void {
  if (reply.sent || reply.raw.destroyed) return;
  // The audit log records refused calls; one refused for load did nothing, and writing it would be work.
  request.audited = true;
  reply.header('retry-after', String(retryAfter));
  void sendAbpError(reply, new AbpError(503, translate('errors.overloaded', request.language), { code: 'Vigil:Overloaded' }));
}
