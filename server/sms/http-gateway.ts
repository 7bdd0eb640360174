import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/**
 * SMS through one generic, configurable HTTP gateway (SMS_GATEWAY=http): most providers take a
 * POST with the number and the text in a JSON or form body and a key in a header. SMS_GATEWAY=log
 * (the default) writes the message to the log instead, so every flow works without a provider.
 *
 * sendAlarmSms throws on every failure (a refusal, a 4xx/5xx, a timeout, no connection) with an
 * SmsError, so the job that calls it is retried by the job queue; it never crashes the process.
 */
export type SmsConfig = Pick<Config, 'smsGateway' | 'smsHttp'>;

export class SmsError extends Error {
  constructor(
    message: string,
    /** The gateway's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const JSON_BODY = '{"to":"{{to}}","text":"{{text}}"}';
const FORM_BODY = 'to={{to}}&text={{text}}';

/** The request body: the template with {{to}} and {{text}} filled in, escaped for the format. */
export function smsBody(template: string, format: 'json' | 'form', to: string, text: string): string {
  const values: Record<string, string> = { to, text };
  const escape = format === 'json' ? (v: string) => JSON.stringify(v).slice(1, -1) : (v: string) => encodeURIComponent(v);
  return (template || (format === 'json' ? JSON_BODY : FORM_BODY)).replace(/\{\{\s*(to|text)\s*\}\}/g, (_m, name: string) => escape(values[name]!));
}

/** A phone number as gateways take it: +, digits; null when it is not one. */
export function phoneNumber(to: string): string | null {
  const n = to.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(n) ? n : null;
}

/**
 * SMS_GATEWAY=log: says that a text was "sent", never to whom or what it said (an alarm's text
 * names the person and the place; the log keeps neither). The record of each text is the alarm
 * event or the command log, which the app shows.
 */
export function logSms(log: Pick<FastifyBaseLogger, 'info'> | undefined, text: string): void {
  log?.info({ sms: { characters: text.length } }, `SMS of ${text.length} characters handed to the log gateway (SMS_GATEWAY=log sends nothing)`);
}

/** Sends one SMS; resolves when the gateway accepted it. `log` for SMS_GATEWAY=log. */
export async function sendAlarmSms(config: SmsConfig, to: string, text: string, log?: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const number = phoneNumber(to);
  if (!number) throw new SmsError('not a phone number');
  const gateway = config.smsGateway || 'log';
  if (gateway === 'log') {
    logSms(log, text);
    return;
  }
  if (gateway !== 'http') throw new SmsError(`unknown SMS gateway '${gateway}' (SMS_GATEWAY: log or http)`);
  const { url, method, auth, body, format, timeoutMs } = config.smsHttp;
  if (!url) throw new SmsError('SMS_GATEWAY_URL is not set');
  const headers: Record<string, string> = { 'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded; charset=utf-8' };
  if (auth) headers.authorization = auth;
  let target = url;
  const payload = smsBody(body, format, number, text);
  const withBody = method !== 'GET' && method !== 'HEAD';
  if (!withBody) {
    // A GET gateway takes the form fields in its query.
    const u = new URL(url);
    for (const [k, v] of new URLSearchParams(smsBody(body && format === 'form' ? body : FORM_BODY, 'form', number, text))) u.searchParams.set(k, v);
    target = u.toString();
  }
  let res: Response;
  try {
    res = await fetch(target, { method, headers, body: withBody ? payload : undefined, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new SmsError(timedOut ? `SMS gateway did not answer within ${timeoutMs} ms` : `SMS gateway unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  // The answer is not needed; reading it frees the connection.
  const answer = await res.text().catch(() => '');
  if (!res.ok) throw new SmsError(`SMS gateway answered ${res.status}${answer ? `: ${answer.slice(0, 200)}` : ''}`, res.status);
}

/** The SmsGateway shape of server/commands/sms-gateway.ts, for SMS_GATEWAY=http there too. */
export function httpSmsGateway(config: SmsConfig) {
  return { name: 'http', send: (to: string, text: string) => sendAlarmSms(config, to, text) };
}
