/**
 * Reading one HTTP/1.x request from the bytes a connection has received so far (as a latin1
 * string: one character per byte). Pure and incremental: called again with more bytes until the
 * request is whole. Only what an OsmAnd ingest needs: the request line, the headers, a body by
 * Content-Length or chunked, and the limits that keep a bad client from holding memory.
 */

/** Largest request head (request line and headers) accepted. */
export const MAX_HEAD = 16 * 1024;

export interface Http1Request {
  method: string;
  /** The request target as sent (origin form `/path?query`, or absolute form through a proxy). */
  url: string;
  /** Lower-case names; a repeated header's values joined with ', '. */
  headers: Map<string, string>;
  /** The body as UTF-8 text. */
  body: string;
  /** Whether the connection stays open for another request (HTTP/1.1 unless `Connection: close`; never HTTP/1.0). */
  keepAlive: boolean;
}

export type ReadResult =
  /** More bytes are needed; the client waits for `100 Continue` when it sent `Expect: 100-continue`. */
  | { done: false; expectContinue: boolean }
  /** A whole request, taking the first `used` characters. */
  | { done: true; request: Http1Request; used: number }
  /** A request that cannot be served: answered with this status and the connection closed. */
  | { done: true; error: 400 | 413 | 431 | 501 };

const WAIT: ReadResult = { done: false, expectContinue: false };
const WAIT_FOR_CONTINUE: ReadResult = { done: false, expectContinue: true };
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.([01])$/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CHUNK_SIZE = /^[0-9a-fA-F]{1,8}$/;
const NOT_ASCII = /[\u0080-\u00ff]/;

/** Bytes (latin1 characters) as UTF-8 text. */
const utf8 = (bytes: string) => (NOT_ASCII.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes);

export function readRequest(data: string, bodyLimit: number): ReadResult {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return data.length > MAX_HEAD ? { done: true, error: 431 } : WAIT;
  if (headEnd > MAX_HEAD) return { done: true, error: 431 };
  const lines = data.slice(0, headEnd).split('\r\n');
  const line = REQUEST_LINE.exec(lines[0]!);
  if (!line) return { done: true, error: 400 };
  const headers = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    const colon = text.indexOf(':');
    const name = text.slice(0, colon).toLowerCase();
    // No name, whitespace before the colon, or a folded line: refused, as RFC 9112 asks.
    if (colon <= 0 || !TOKEN.test(name)) return { done: true, error: 400 };
    const value = text.slice(colon + 1).trim();
    const before = headers.get(name);
    headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const connection = headers.get('connection')?.toLowerCase() ?? '';
  // HTTP/1.0 is one request per connection (its keep-alive needs an answer header the ingest does not send).
  const keepAlive = line[3] === '1' && !connection.includes('close');
  const expectContinue = headers.get('expect')?.toLowerCase() === '100-continue';
  const start = headEnd + 4;
  const done = (body: string, used: number): ReadResult => ({ done: true, request: { method: line[1]!, url: line[2]!, headers, body: utf8(body), keepAlive }, used });

  const encoding = headers.get('transfer-encoding');
  const length = headers.get('content-length');
  if (encoding !== undefined) {
    // Both framings at once is how requests are smuggled past a proxy: refused.
    if (length !== undefined) return { done: true, error: 400 };
    if (encoding.toLowerCase() !== 'chunked') return { done: true, error: 501 };
    return readChunked(data, start, bodyLimit, expectContinue, done);
  }
  if (length === undefined) return done('', start);
  if (!/^\d{1,15}$/.test(length)) return { done: true, error: 400 };
  const size = Number(length);
  if (size > bodyLimit) return { done: true, error: 413 };
  if (data.length < start + size) return expectContinue ? WAIT_FOR_CONTINUE : WAIT;
  return done(data.slice(start, start + size), start + size);
}

/** A chunked body: size lines in hex (extensions ignored), the chunks, a zero chunk, trailers (ignored). */
function readChunked(data: string, start: number, bodyLimit: number, expectContinue: boolean, done: (body: string, used: number) => ReadResult): ReadResult {
  const wait = expectContinue ? WAIT_FOR_CONTINUE : WAIT;
  const chunks: string[] = [];
  let size = 0;
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return data.length - at > 1024 ? { done: true, error: 400 } : wait;
    const sizeText = data.slice(at, lineEnd).split(';')[0]!.trim();
    if (!CHUNK_SIZE.test(sizeText)) return { done: true, error: 400 };
    const n = parseInt(sizeText, 16);
    at = lineEnd + 2;
    if (n === 0) break;
    size += n;
    if (size > bodyLimit) return { done: true, error: 413 };
    if (data.length < at + n + 2) return wait;
    if (data.charCodeAt(at + n) !== 13 || data.charCodeAt(at + n + 1) !== 10) return { done: true, error: 400 };
    chunks.push(data.slice(at, at + n));
    at += n + 2;
  }
  // Trailer lines up to an empty one.
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return data.length - at > MAX_HEAD ? { done: true, error: 431 } : wait;
    if (lineEnd === at) return done(chunks.join(''), at + 2);
    at = lineEnd + 2;
  }
}
