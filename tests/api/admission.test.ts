import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { signIn, tokensFor } from '../support/sign-in';
import { queryFix, sendQuery } from '../support/osmand';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { translate } from '../../server/localization/texts';

const LIMITS = { enabled: true, maxInFlight: 2, maxQueue: 4, maxWaitMs: 1500 };
/** Back-office clients in the flood, each asking again as soon as it is answered. */
const CLIENTS = 60;
const LIST = '/api/app/productInstance?SkipCount=0&MaxResultCount=10';

interface Answer {
  status: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Kept-alive connections opened before the flood, so the requests of one burst reach the server
 * together (fetch would open its connections one by one as the busy server lets it).
 */
function client(server: TestServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(`${server.url}${path}`, { agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, headers: res.headers, body }));
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

describe.each(DATABASES)('admission control under a back-office flood ($name)', ({ url }) => {
  let server: TestServer;
  let token: string;
  let http1: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startServer(url, { admission: LIMITS, ingestPort: 0 });
    token = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
    http1 = client(server);
    // Open every connection (GET /health is never held).
    await Promise.all(Array.from({ length: CLIENTS }, () => http1.get('/health')));
  });
  afterAll(async () => {
    http1?.close();
    await server?.stop();
  });

  /** CLIENTS clients paging the device list in Danish until `stop()` resolves; every answer. */
  async function flood(during: () => Promise<void>): Promise<Answer[]> {
    const answers: Answer[] = [];
    let flooding = true;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'da' };
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (flooding) answers.push(await http1.get(LIST, headers));
    });
    try {
      await during();
    } finally {
      flooding = false;
      await Promise.all(clients);
    }
    return answers;
  }

  it('sheds the excess at once with 503, Retry-After and an ABP error in the caller language; no call waits past the bound', async () => {
    const answers = await flood(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const shed = answers.filter((a) => a.status === 503);
    const served = answers.filter((a) => a.status === 200);
    expect(served.length + shed.length).toBe(answers.length);
    expect(served.length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    const [first] = shed;
    expect(Number(first!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(first!.headers['_abperrorformat']).toBe('true');
    expect(JSON.parse(first!.body)).toEqual({
      error: { code: 'Vigil:Overloaded', message: translate('errors.overloaded', 'da'), details: null, data: {}, validationErrors: null },
    });
    expect(translate('errors.overloaded', 'da')).not.toBe(translate('errors.overloaded', 'en'));
    // The line is bounded in time: nobody waits longer than the bound and one call (with room for a slow machine).
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(LIMITS.maxWaitMs + 2000);
  });

  it('lets a browser sign-in and a watch message through quickly during the flood', async () => {
    let signInMs = 0;
    let ingestMs = 0;
    let signInStatus = 0;
    let ingestStatus = 0;
    const answers = await flood(async () => {
      // The crowd first fills the line.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const attempt = await signIn(server.url, 'caregiver', DEMO_PASSWORD);
      signInMs = performance.now() - started;
      signInStatus = attempt.status;
      const sent = performance.now();
      ingestStatus = await sendQuery(`http://127.0.0.1:${server.config.ingestPort}`, queryFix(DEMO_WATCHES[0].imei, { lat: 55.6867, lon: 12.5701, time: new Date() }));
      ingestMs = performance.now() - sent;
    });
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(signInStatus).toBe(200);
    expect(signInMs).toBeLessThan(5000);
    expect(ingestStatus).toBe(200);
    expect(ingestMs).toBeLessThan(1000);
  });
});
