import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createLogger, REDACTED, resolveLogFormat, supervisorLevel } from '../../server/logging/logger';
import { RequestLines } from '../../server/logging/request-line';

/** A logger writing into memory, and what it wrote. */
function memoryLogger(logFormat: 'json' | 'pretty', logLevel = 'info') {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { log: createLogger({ logLevel, logFormat }, out), text: () => text };
}

describe('the log format', () => {
  it('is JSON when stdout is not a terminal or LOG_FORMAT=json, words in a terminal or with pretty', () => {
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json, pretty or auto, not "xml"');
    // The supervisor's lines (the ready block, the setup link) are quietened only by silent.
    expect(['warn', 'error', 'info', 'debug', 'silent'].map(supervisorLevel)).toEqual(['info', 'info', 'info', 'debug', 'silent']);
  });

  it('writes one JSON object a line, or one line of words', () => {
    const json = memoryLogger('json');
    json.log.info({ port: 3000 }, 'OsmAnd ingest listening');
    const line = JSON.parse(json.text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, msg: 'OsmAnd ingest listening', port: 3000 });

    const pretty = memoryLogger('pretty');
    pretty.log.warn({ port: 3000 }, 'database unavailable');
    const words = pretty.text();
    expect(words).toMatch(/^\[\d\d:\d\d:\d\d(\.\d+)?\] WARN.*: database unavailable/);
    expect(words.trim().split('\n')).toHaveLength(1);
    expect(() => JSON.parse(words)).toThrow();
  });

  it('censors personal data and secrets wherever a caller puts them, and error details naming values', () => {
    const { log, text } = memoryLogger('json');
    log.info({ uniqueId: '356938035643809', user: { email: 'a@example.org', userName: 'anna' }, sms: { to: '+4512345678', text: 'Anna left home at 55.67,12.56' }, token: 'secret-token', latitude: 55.67 }, 'something happened');
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), { code: '23505', detail: 'Key (email)=(a@example.org) already exists.' });
    log.error({ err }, 'unhandled error');
    const out = text();
    for (const secret of ['356938035643809', 'a@example.org', 'anna', '+4512345678', 'Anna left', 'secret-token', '55.67']) expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
    const logged = JSON.parse(out.trim().split('\n')[1]!) as { err: Record<string, unknown> };
    expect(logged.err).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key value violates unique constraint "users_email_uq"' });
    expect(logged.err.detail).toBeUndefined();
  });

  it('replaces e-mail addresses in texts from elsewhere: errors, their messages, other fields and the message', () => {
    const { log, text } = memoryLogger('json');
    log.error({ err: new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <lena.lund@example.org>: Recipient address rejected") }, 'job mail.send failed; retried later');
    log.warn({ job: 'j1', error: 'SMTP refused anna+care@example.co.uk' }, 'mail to bo@example.dk failed for good');
    const out = text();
    for (const address of ['lena.lund@example.org', 'anna+care@example.co.uk', 'bo@example.dk']) expect(out).not.toContain(address);
    expect(out).toContain('550 5.1.1 <[e-mail]>: Recipient address rejected');
    expect(out).toContain('mail to [e-mail] failed for good');
  });
});

describe('request lines', () => {
  async function app(logLevel: string) {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const server = Fastify({ loggerInstance: createLogger({ logLevel, logFormat: 'json' }, out), logController: new RequestLines() });
    server.get('/health', async () => ({ ok: true }));
    server.get('/api/identity/users/by-email/:email', async () => ({}));
    server.post('/ingest/osmand', async () => '');
    await server.ready();
    return { server, lines: () => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } }) };
  }

  it('are one a request, by route pattern or path, never with the query; probes and the ingest\'s 200s at debug', async () => {
    const { server, lines } = await app('info');
    await server.inject({ method: 'GET', url: '/registration?token=sign-up-token' });
    await server.inject({ method: 'GET', url: '/api/identity/users/by-email/anna%40example.org?x=1' });
    await server.inject({ method: 'GET', url: '/health' });
    await server.inject({ method: 'POST', url: '/ingest/osmand?id=356938035643809&lat=55.1&lon=12.2' });
    const logged = lines();
    expect(logged.map((l) => l.msg.replace(/ in \d+ ms$/, ''))).toEqual(['GET /registration 404', 'GET /api/identity/users/by-email/:email 200']);
    expect(logged.map((l) => l.req?.url)).toEqual(['/registration', '/api/identity/users/by-email/:email']);
    expect(JSON.stringify(logged)).not.toMatch(/sign-up-token|anna|356938035643809|55\.1/);

    const debug = await app('debug');
    await debug.server.inject({ method: 'GET', url: '/health' });
    await debug.server.inject({ method: 'POST', url: '/ingest/osmand?id=356938035643809&lat=55.1&lon=12.2' });
    expect(debug.lines().filter((l) => l.level === 20 && / in \d+ ms$/.test(l.msg)).map((l) => l.msg.replace(/ in \d+ ms$/, ''))).toEqual(['GET /health 200', 'POST /ingest/osmand 200']);
    expect(JSON.stringify(debug.lines())).not.toContain('356938035643809');
  });
});
