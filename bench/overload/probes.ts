/** The important paths, timed from outside as a browser and a watch see them. */
import { signIn } from '../support/from-tests';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { record, sleep, watchImei, type Samples } from './shared';

/** A sign-in that takes this long counts as failed (a person has given up long before). */
const SIGN_IN_GIVE_UP_MS = 60_000;

async function timed(samples: Samples, request: () => Promise<Response>): Promise<void> {
  const started = performance.now();
  try {
    const res = await request();
    await res.arrayBuffer();
    record(samples, performance.now() - started, res.status);
  } catch {
    record(samples, performance.now() - started, 'error');
  }
}

export const discovery = (url: string, samples: Samples) => timed(samples, () => fetch(`${url}/oidc/.well-known/openid-configuration`));

export const listPage = (url: string, token: string, samples: Samples) =>
  timed(samples, () => fetch(`${url}/api/app/productInstance?SkipCount=0&MaxResultCount=10`, { headers: { authorization: `Bearer ${token}` } }));

/** One OsmAnd message to the ingest port, as Traccar Client for Android sends it (query, no body). */
export function ingest(port: number, watch: number, samples: Samples): Promise<void> {
  const query = new URLSearchParams({ id: watchImei(watch), timestamp: String(Math.floor(Date.now() / 1000)), lat: String(55.6 + watch / 1000), lon: '12.57', batt: '80', accuracy: '5' });
  return timed(samples, () => fetch(`http://127.0.0.1:${port}/?${query}`, { method: 'POST' }));
}

/**
 * A browser sign-in as the carer (authorize, sign-in page, form post, code, token), then a token
 * refresh with the refresh token it got. Each is recorded as one sample, 200 when it worked.
 */
export async function signInAndRefresh(url: string, signIns: Samples, refreshes: Samples): Promise<void> {
  const started = performance.now();
  const giveUp = sleep(SIGN_IN_GIVE_UP_MS).then(() => undefined);
  const attempt = await Promise.race([signIn(url, 'caregiver', DEMO_PASSWORD).catch(() => undefined), giveUp]);
  record(signIns, performance.now() - started, attempt?.tokens ? 200 : 'error');
  const refreshToken = attempt?.tokens?.refresh_token;
  if (!refreshToken) return;
  await timed(refreshes, () =>
    fetch(`${url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'vigil-web' }).toString(),
    }),
  );
}

/** Runs `fire` every `everyMs` until `until` without waiting for answers (a steady stream), then waits for all. */
export async function stream(everyMs: number, until: number, fire: (i: number) => Promise<void>): Promise<void> {
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; Date.now() < until; i++) {
    pending.push(fire(i));
    await sleep(Math.max(0, start + (i + 1) * everyMs - performance.now()));
  }
  await Promise.all(pending);
}

/** Runs `step` one after another, `pauseMs` apart, until `until`. */
export async function loop(pauseMs: number, until: number, step: () => Promise<void>): Promise<void> {
  while (Date.now() < until) {
    await step();
    await sleep(Math.min(pauseMs, Math.max(0, until - Date.now())));
  }
}
