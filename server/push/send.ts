import http from 'node:http';
import https from 'node:https';
import type { Urgency } from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { encryptPush } from './encrypt';
import { vapidKeys } from './keys';
import { vapidAuthorization } from './vapid-header';
import { topicOf, type PushPayload } from './validation';
import { eachLimited } from '../../common/each-limited';

/** How long a push service keeps an undelivered message (seconds): a phone off for the night still hears of it. */
export const DEFAULT_TTL_SECONDS = 6 * 60 * 60;

export type PushStatus = 'sent' | 'gone' | 'failed' | 'timeout';

/** What became of one subscription's push (for logs and tests). */
export interface PushOutcome {
  subscriptionId: string;
  userId: string;
  /** The push service's origin (never the whole endpoint: it is a capability). */
  service: string;
  status: PushStatus;
  /** The push service's HTTP status, when it answered. */
  statusCode?: number;
  /** Why it failed (a network error, a refusal), for the log. */
  error?: string;
  /** How long the attempt took, in milliseconds. */
  ms: number;
}

export interface SendOptions {
  /** The VAPID subject, the per-push deadline and whether http://localhost endpoints are used (tests). */
  config: Pick<Config, 'push'>;
  /** Per-push deadline in ms; default config.push.timeoutMs. */
  timeoutMs?: number;
  ttlSeconds?: number;
  urgency?: Urgency;
  /** Replaces an undelivered earlier message with the same topic; default: one per event. */
  topic?: string;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

interface Target {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
};

/** One push request: where it goes, RFC 8030's headers with the VAPID Authorization, and the encrypted body. */
interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

/**
 * POSTs one encrypted push message with a hard deadline over the whole exchange: a service that
 * accepts the connection and then says nothing is cut off at `timeoutMs`. web-push's own
 * sendNotification is not used for the request: it only speaks https (the tests' push service is
 * plain http on 127.0.0.1) and its timeout is a socket-idle one, not a deadline.
 */
function post(details: PushRequest, timeoutMs: number): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(details.endpoint);
    const transport = url.protocol === 'http:' ? http : https;
    const request = transport.request(url, { method: 'POST', headers: details.headers }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        // A push service's answer is small; nothing more is kept of a chatty one.
        if (size < 4096) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 500) });
      });
      response.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error(`push service gave no answer within ${timeoutMs} ms`), { code: 'PUSH_TIMEOUT' })), timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(details.body);
  });
}

async function sendOne(target: Target, payload: Buffer, vapid: { subject: string; publicKey: string; privateKey: string }, opts: Required<Pick<SendOptions, 'timeoutMs' | 'ttlSeconds' | 'urgency'>> & { topic: string }): Promise<PushOutcome> {
  const started = performance.now();
  const base = { subscriptionId: target.id, userId: target.user_id, service: originOf(target.endpoint) };
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const body = encryptPush({ p256dh: target.p256dh, auth: target.auth }, payload);
    const details: PushRequest = {
      endpoint: target.endpoint,
      body,
      headers: {
        // The VAPID token is made once per push service (vapid-header.ts), not per push.
        Authorization: vapidAuthorization(target.endpoint, vapid),
        TTL: opts.ttlSeconds,
        Urgency: opts.urgency,
        Topic: opts.topic,
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'aes128gcm',
        'Content-Length': body.length,
      },
    };
    const { statusCode, body: answer } = await post(details, opts.timeoutMs);
    if (statusCode >= 200 && statusCode < 300) return { ...base, status: 'sent', statusCode, ms: elapsed() };
    // The subscription is no more (unsubscribed, expired): RFC 8030 section 7.3.
    if (statusCode === 404 || statusCode === 410) return { ...base, status: 'gone', statusCode, ms: elapsed() };
    return { ...base, status: 'failed', statusCode, error: answer || `HTTP ${statusCode}`, ms: elapsed() };
  } catch (err) {
    const timedOut = (err as { code?: string }).code === 'PUSH_TIMEOUT';
    return { ...base, status: timedOut ? 'timeout' : 'failed', error: err instanceof Error ? err.message : String(err), ms: elapsed() };
  }
}

/** One push message and the users whose every subscription gets it. */
export interface PushMessage {
  userIds: readonly string[];
  payload: PushPayload;
}

/** Pushes in flight at once per batch: a big fan-out neither opens thousands of sockets nor waits in line behind one slow service for long. */
const IN_FLIGHT = 64;

/**
 * Sends each message to every push subscription of its users, each push with its own deadline,
 * at most IN_FLIGHT at once: one query for all the subscriptions, one to record what went and
 * one to delete what the push service says is gone (404, 410). Never throws and never holds a
 * transaction: a push service that hangs or fails delays nothing but its own entry. Returns what
 * became of each subscription's push, in message order.
 */
export async function sendPushBatch(db: Db, messages: readonly PushMessage[], opts: SendOptions): Promise<PushOutcome[]> {
  const users = [...new Set(messages.flatMap((m) => m.userIds))];
  if (users.length === 0) return [];
  try {
    const [targets, keys] = await Promise.all([
      db.selectFrom('push_subscriptions').select(['id', 'user_id', 'endpoint', 'p256dh', 'auth']).where('user_id', 'in', users).execute(),
      vapidKeys(db),
    ]);
    if (targets.length === 0) return [];
    const byUser = new Map<string, Target[]>();
    for (const t of targets) byUser.set(t.user_id, [...(byUser.get(t.user_id) ?? []), t]);
    const vapid = { subject: opts.config.push.vapidSubject, ...keys };
    const work = messages.flatMap((m) => {
      const body = Buffer.from(JSON.stringify(m.payload));
      const settings = {
        timeoutMs: opts.timeoutMs ?? opts.config.push.timeoutMs,
        ttlSeconds: opts.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        urgency: opts.urgency ?? 'high',
        topic: opts.topic ?? topicOf(m.payload.eventId),
      };
      return [...new Set(m.userIds)].flatMap((u) => (byUser.get(u) ?? []).map((target) => ({ target, body, settings })));
    });
    const outcomes = await eachLimited(work, IN_FLIGHT, (w) => sendOne(w.target, w.body, vapid, w.settings));

    const gone = [...new Set(outcomes.filter((o) => o.status === 'gone').map((o) => o.subscriptionId))];
    const sent = [...new Set(outcomes.filter((o) => o.status === 'sent').map((o) => o.subscriptionId))];
    await Promise.all([
      gone.length ? db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute() : undefined,
      sent.length ? db.updateTable('push_subscriptions').set({ last_success_at: new Date() }).where('id', 'in', sent).execute() : undefined,
    ]).catch((err: unknown) => opts.log?.warn({ err }, 'push: could not record outcomes'));
    for (const o of outcomes) {
      if (o.status === 'failed' || o.status === 'timeout') opts.log?.warn({ subscriptionId: o.subscriptionId, service: o.service, status: o.status, statusCode: o.statusCode, error: o.error, ms: o.ms }, 'push not delivered');
      else if (o.status === 'gone') opts.log?.info({ subscriptionId: o.subscriptionId, service: o.service, statusCode: o.statusCode }, 'push subscription gone: removed');
    }
    return outcomes;
  } catch (err) {
    opts.log?.warn({ err }, 'push: sending failed');
    return [];
  }
}

/** Sends one payload to every push subscription of the given users (sendPushBatch with one message). */
export function sendPushToUsers(db: Db, userIds: readonly string[], payload: PushPayload, opts: SendOptions): Promise<PushOutcome[]> {
  return sendPushBatch(db, [{ userIds, payload }], opts);
}
