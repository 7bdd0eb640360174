import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { sendAlarmSms, SmsError, type SmsConfig } from '../../server/sms/http-gateway';

/** A stand-in SMS gateway: records requests; answers by the path (/ok, /fail, /hang). */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('HTTP SMS gateway', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let base = '';
  const hanging = new Set<http.ServerResponse>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        if (req.url?.startsWith('/fail')) return void res.writeHead(500).end('gateway broke');
        if (req.url?.startsWith('/hang')) return void hanging.add(res);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const r of hanging) r.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const config = (over: Partial<SmsConfig['smsHttp']> = {}): SmsConfig => ({
    smsGateway: 'http',
    smsHttp: { url: `${base}/ok`, method: 'POST', auth: 'Bearer s3cret', body: '', format: 'json', timeoutMs: 2000, ...over },
  });
  const text = 'SOS alarm: "Mum\'s" watch, 14:05 CET - 24/11/26 https://vigil.example/dashboard?alarm=1 æøå & more';

  it('reads its settings from the environment, log by default', () => {
    expect(loadConfig({}).smsGateway).toBe('log');
    const c = loadConfig({ SMS_GATEWAY: 'http', SMS_GATEWAY_URL: 'https://sms.example/send', SMS_GATEWAY_AUTH: 'Key abc', SMS_GATEWAY_FORMAT: 'form', SMS_GATEWAY_BODY: 'To={{to}}&Body={{text}}' });
    expect(c.smsHttp).toMatchObject({ url: 'https://sms.example/send', method: 'POST', auth: 'Key abc', format: 'form', body: 'To={{to}}&Body={{text}}', timeoutMs: 5000 });
  });

  it('posts JSON with the auth header, the text escaped in the template', async () => {
    await sendAlarmSms(config({ body: '{"recipient":"{{to}}","message":"{{text}}","from":"Vigil"}' }), '+45 12 34 56 78', text);
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer s3cret');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(req.body)).toEqual({ recipient: '+4512345678', message: text, from: 'Vigil' });
  });

  it('posts a form, URL-encoded', async () => {
    await sendAlarmSms(config({ format: 'form', body: 'To={{to}}&Body={{text}}' }), '+4512345678', text);
    const req = seen.at(-1)!;
    expect(req.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(req.body);
    expect(form.get('To')).toBe('+4512345678');
    expect(form.get('Body')).toBe(text);
  });

  it('throws (for the job queue to retry) on a 500, a hang, a refused connection and a bad number', async () => {
    await expect(sendAlarmSms(config({ url: `${base}/fail` }), '+4512345678', 'x')).rejects.toMatchObject({ name: 'SmsError', status: 500 });
    const began = Date.now();
    await expect(sendAlarmSms(config({ url: `${base}/hang`, timeoutMs: 300 }), '+4512345678', 'x')).rejects.toThrow(/did not answer within 300 ms/);
    expect(Date.now() - began).toBeLessThan(3000);
    await expect(sendAlarmSms(config({ url: 'http://127.0.0.1:1/' }), '+4512345678', 'x')).rejects.toBeInstanceOf(SmsError);
    await expect(sendAlarmSms(config(), 'not a number', 'x')).rejects.toBeInstanceOf(SmsError);
  });

  it('logs that a text went with SMS_GATEWAY=log, never its number or words', async () => {
    const lines: unknown[] = [];
    const before = seen.length;
    await sendAlarmSms({ smsGateway: 'log', smsHttp: config().smsHttp }, '+4512345678', 'hello', { info: (obj: unknown) => void lines.push(obj) });
    expect(lines).toEqual([{ sms: { characters: 5 } }]);
    expect(seen.length).toBe(before);
  });
});
