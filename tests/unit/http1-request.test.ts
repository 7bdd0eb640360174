import { describe, expect, it } from 'vitest';
import { MAX_HEAD, readRequest, type ReadResult } from '../../server/protocols/osmand/http1-request';

const LIMIT = 1000;
const request = (r: ReadResult) => {
  if (!r.done || !('request' in r)) throw new Error(`not a request: ${JSON.stringify(r)}`);
  return r;
};

describe('reading an HTTP/1.x request off a connection', () => {
  it('reads a Traccar Client POST with the fix in the query and no body, and what follows it', () => {
    const first = 'POST /?id=123&lat=55.1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n';
    const r = request(readRequest(`${first}GET /?id=2 HTTP/1.1\r\n`, LIMIT));
    expect(r.request).toMatchObject({ method: 'POST', url: '/?id=123&lat=55.1', body: '', keepAlive: true });
    expect(r.used).toBe(first.length);
    expect(readRequest('GET /?id=2 HTTP/1.1\r\nHost: x\r\n', LIMIT)).toEqual({ done: false, expectContinue: false });
  });

  it('waits for a body by Content-Length and decodes it as UTF-8', () => {
    const body = Buffer.from('{"device_id":"1","name":"Søren"}', 'utf8').toString('latin1');
    const head = `POST / HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    expect(readRequest(head + body.slice(0, 10), LIMIT).done).toBe(false);
    const r = request(readRequest(head + body, LIMIT));
    expect(r.request.body).toBe('{"device_id":"1","name":"Søren"}');
    expect(r.request.headers.get('content-type')).toBe('application/json');
  });

  it('reads a chunked body with extensions and trailers', () => {
    const text = 'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nid=12\r\n3\r\n&a=\r\n0\r\nX-Trailer: 1\r\n\r\nNEXT';
    const r = request(readRequest(text, LIMIT));
    expect(r.request.body).toBe('id=12&a=');
    expect(text.slice(r.used)).toBe('NEXT');
    expect(readRequest(text.slice(0, 60), LIMIT).done).toBe(false);
  });

  it('asks for 100 Continue when the client expects it and the body has not come', () => {
    expect(readRequest('POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n', LIMIT)).toEqual({ done: false, expectContinue: true });
  });

  it('keeps HTTP/1.1 connections open unless told to close, HTTP/1.0 ones never', () => {
    expect(request(readRequest('GET / HTTP/1.1\r\nHost: x\r\n\r\n', LIMIT)).request.keepAlive).toBe(true);
    expect(request(readRequest('GET / HTTP/1.1\r\nConnection: close\r\n\r\n', LIMIT)).request.keepAlive).toBe(false);
    expect(request(readRequest('GET / HTTP/1.0\r\n\r\n', LIMIT)).request.keepAlive).toBe(false);
    expect(request(readRequest('GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n', LIMIT)).request.keepAlive).toBe(false);
  });

  it('refuses what cannot be read safely', () => {
    const error = (text: string) => {
      const r = readRequest(text, LIMIT);
      return r.done && 'error' in r ? r.error : null;
    };
    expect(error('HELLO\r\n\r\n')).toBe(400);
    expect(error('GET / HTTP/2.0\r\n\r\n')).toBe(400);
    expect(error('GET / HTTP/1.1\r\nBad Header: 1\r\n\r\n')).toBe(400);
    expect(error('GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n')).toBe(400);
    expect(error('POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n')).toBe(400);
    expect(error('POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n')).toBe(400);
    expect(error('POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n')).toBe(400);
    expect(error('POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n')).toBe(501);
    expect(error('POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toBe(400);
    expect(error('POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n')).toBe(400);
    expect(error(`POST / HTTP/1.1\r\nContent-Length: ${LIMIT + 1}\r\n\r\n`)).toBe(413);
    expect(error(`POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n${(LIMIT + 1).toString(16)}\r\n`)).toBe(413);
    expect(error(`GET / HTTP/1.1\r\nX: ${'a'.repeat(MAX_HEAD)}`)).toBe(431);
  });
});
