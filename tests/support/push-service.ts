import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/**
 * A push service stand-in (RFC 8030 as browsers' push services speak it) on 127.0.0.1: it takes
 * the server's web-push POSTs, checks the VAPID Authorization (RFC 8292: an ES256 JWT signed with
 * the key in `k`, `aud` the endpoint's origin, not expired, a subject) and decrypts the aes128gcm
 * body (RFC 8291) with the subscription's private key and auth secret, as a browser would. Each
 * subscription can be told to answer 201 (default), 404, 410, 500, or to hang (never answer).
 */

export interface PushServiceOptions {
  /**
   * Keep each body as it came and decrypt it only in `decryptPending()`. A real push service never
   * decrypts (the payload is end-to-end encrypted, for the browser) and does not run on Vigil's
   * machine: a bench that shares its cores with this stand-in does the browser's part after its
   * measured window, not during it.
   */
  decryptLater?: boolean;
}

/** http_ece, the RFC 8188/8291 implementation web-push itself encrypts with; it ships no types. */
interface Ece {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export type Behaviour = 'accept' | 404 | 410 | 500 | 'hang';

/** A browser's subscription as PushSubscription.toJSON() gives it, with its private parts kept here. */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The receiving side's key pair (the browser's). */
  ecdh: ECDH;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** What the service answered. */
  answered: number | 'hung';
  /** Request headers the push protocol defines. */
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID JWT's claims and key, once verified; the reason when it was not. */
  vapid: { ok: true; aud: string; sub: string; exp: number; publicKey: string } | { ok: false; reason: string };
  /** The decrypted body, parsed as JSON (undefined when it could not be decrypted or parsed, or is not decrypted yet). */
  payload: unknown;
  at: number;
}

export interface PushServiceStandIn {
  url: string;
  /** A new browser subscription at this service (keys made with ECDH prime256v1, as a browser does). */
  subscribe(): TestSubscription;
  /** How the service answers pushes to this subscription from now on. */
  behave(subscription: TestSubscription, behaviour: Behaviour): void;
  /** Everything received, in order. */
  received: ReceivedPush[];
  /** Decrypts the bodies kept by `decryptLater`, filling their `payload`; answers how many. */
  decryptPending(): number;
  /** Waits for the next push to the subscription (received after `since`, default: any kept). */
  next(subscription: TestSubscription, timeoutMs?: number, since?: number): Promise<ReceivedPush>;
  stop(): Promise<void>;
}

/** The JWK of an uncompressed P-256 public key (base64url). */
function jwkOf(publicKey: string) {
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  return { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
}

/**
 * A token already verified is not verified again until it expires (the server signs one per push
 * service and reuses it for hours, RFC 8292 section 2): what a push service would do too.
 */
const verifiedTokens = new Map<string, ReceivedPush['vapid']>();

async function checkVapid(authorization: string | undefined, audience: string): Promise<ReceivedPush['vapid']> {
  const key = `${audience} ${authorization}`;
  const known = verifiedTokens.get(key);
  if (known?.ok && known.exp > Date.now() / 1000) return known;
  const vapid = await verifyVapid(authorization, audience);
  if (vapid.ok) verifiedTokens.set(key, vapid);
  return vapid;
}

async function verifyVapid(authorization: string | undefined, audience: string): Promise<ReceivedPush['vapid']> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { ok: false, reason: `no VAPID authorization: ${authorization}` };
  const [, token, k] = match as unknown as [string, string, string];
  try {
    if (decodeProtectedHeader(token).alg !== 'ES256') return { ok: false, reason: 'not ES256' };
    const key = await importJWK(jwkOf(k), 'ES256');
    const { payload } = await jwtVerify(token, key, { audience });
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return { ok: false, reason: `bad sub ${payload.sub}` };
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) return { ok: false, reason: 'exp missing or over 24 h' };
    return { ok: true, aud: String(payload.aud), sub: payload.sub, exp: payload.exp, publicKey: k };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

export async function startPushService(options: PushServiceOptions = {}): Promise<PushServiceStandIn> {
  const subscriptions = new Map<string, TestSubscription>();
  const behaviours = new Map<string, Behaviour>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  /** Bodies kept by decryptLater, with the entry and subscription they belong to. */
  const undecrypted: { entry: ReceivedPush; body: Buffer; subscription: TestSubscription }[] = [];
  let origin = '';
  const decrypt = (body: Buffer, subscription: TestSubscription): unknown => {
    try {
      return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.keys.auth }).toString('utf8'));
    } catch {
      return undefined;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const subscription = id ? subscriptions.get(id) : undefined;
        if (req.method !== 'POST' || !subscription) {
          res.writeHead(404).end();
          return;
        }
        const vapid = await checkVapid(req.headers.authorization, origin);
        const body = Buffer.concat(chunks);
        const behaviour = behaviours.get(subscription.id) ?? 'accept';
        const answered: number | 'hung' = !vapid.ok ? 403 : behaviour === 'accept' ? 201 : behaviour === 'hang' ? 'hung' : behaviour;
        const entry: ReceivedPush = {
          subscriptionId: subscription.id,
          answered,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          contentEncoding: req.headers['content-encoding'],
          vapid,
          payload: options.decryptLater ? undefined : decrypt(body, subscription),
          at: Date.now(),
        };
        if (options.decryptLater) undecrypted.push({ entry, body, subscription });
        received.push(entry);
        for (const wake of waiters) wake();
        if (answered === 'hung') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        res.writeHead(answered, answered === 201 ? { location: `${origin}/message/${randomUUID()}` } : {}).end(answered === 201 ? '' : `push service says ${answered}`);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const subscription = { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }, ecdh };
      subscriptions.set(id, subscription);
      return subscription;
    },
    decryptPending() {
      const pending = undecrypted.splice(0);
      for (const { entry, body, subscription } of pending) entry.payload = decrypt(body, subscription);
      return pending.length;
    },
    behave(subscription, behaviour) {
      behaviours.set(subscription.id, behaviour);
    },
    next(subscription, timeoutMs = 5000, since = 0) {
      const find = () => received.find((r) => r.subscriptionId === subscription.id && r.at >= since);
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no push to ${subscription.id} within ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(hit);
        };
        waiters.add(wake);
      });
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
