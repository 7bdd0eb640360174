import net from 'node:net';
import { listenTcp } from '../http/listen-tcp';
import type { FastifyBaseLogger } from 'fastify';
import { BODY_LIMIT, commandSent, receiveOsmand, type IngestParts, type OsmandAnswer } from './osmand-routes';
import { readRequest, MAX_HEAD, type Http1Request } from '../protocols/osmand/http1-request';
import { isConnectionError, RETRY_AFTER_SECONDS } from '../db/health';
import { clientAddress, type TrustFunction } from '../http/trust-proxy';

/** An idle keep-alive connection is closed after this long (a watch reporting every 30 s keeps its own). */
export const KEEP_ALIVE_MS = 35_000;
/** A request must be whole this long after its first byte arrived. */
export const REQUEST_MS = 60_000;
/** A connection closing after an error answer is destroyed this long after, if the client keeps it open. */
const LINGER_MS = 2_000;

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** The Date header, made once a second. */
let dateSecond = 0;
let dateText = '';
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/**
 * The ingest's own port, as Traccar's 5055: the Traccar Client apps post to its root (any path is
 * taken). HTTP/1.1 read straight off the socket (http1-request.ts) rather than through node:http:
 * there is one route, no sign-in and an empty answer, and node:http's request and response
 * objects and their streams cost twice the CPU of the whole read-and-answer here (62 µs against
 * 27 µs a request on this machine), at thousands of watches a fifth of a position's cost.
 * Keep-alive, pipelining (answers in request order), chunked bodies, `Expect: 100-continue`,
 * and the limits (head, body, request time, idle time) are kept as node:http keeps them.
 */
export class IngestPort {
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private closing = false;

  /** `trust`: TRUST_PROXY as server/http/trust-proxy.ts compiles it; without it X-Forwarded-For is ignored. */
  constructor(parts: IngestParts, log: FastifyBaseLogger, trust: TrustFunction | false = false) {
    const handle = (request: Http1Request, remote: string | null): Promise<Answer> =>
      receiveOsmand(parts, { method: request.method, url: request.url, contentType: request.headers.get('content-type'), body: request.body, remote: forwardedFor(request, remote, trust) }, log).catch(
        (err: unknown): Answer => {
          // The database is away: the watch keeps the message and sends it again (the node logs the outage once).
          if (isConnectionError(err)) return { status: 503, retryAfter: RETRY_AFTER_SECONDS };
          log.error({ err }, 'ingest: message could not be handled');
          return { status: 500 };
        },
      );
    // Half-open: a client may finish sending before its answer is out (HTTP/1.0 tools do).
    const sent = (command: NonNullable<Answer['command']>) => commandSent(parts, command, log);
    this.server = net.createServer({ allowHalfOpen: true }, (socket) => {
      const connection = new Connection(socket, handle, sent, this.closing);
      this.connections.add(connection);
      socket.once('close', () => this.connections.delete(connection));
    });
  }

  /** Listens; with port 0 a free port is taken. Returns the port. */
  listen(port: number, host: string): Promise<number> {
    return listenTcp(this.server, port, host);
  }

  /** Stops listening; requests being handled are answered (and their connections closed) first. */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const c of this.connections) c.close();
    // A watch that keeps its connection open after its answer is not waited for long.
    const late = setTimeout(() => {
      for (const c of this.connections) c.destroy();
    }, LINGER_MS);
    late.unref();
    await closed;
    clearTimeout(late);
  }
}

/** What a request is answered: a status, for a flood when to come back, a queued command to hand over. */
type Answer = { status: number; retryAfter?: number; command?: OsmandAnswer['command'] };
type Handler = (request: Http1Request, remote: string | null) => Promise<Answer>;

/** One client connection: requests read one at a time, each answered before the next is read. */
class Connection {
  private data = '';
  private busy = false;
  private ended = false;
  private continued = false;
  private requestStarted = 0;
  private readonly remote: string | null;

  constructor(
    private readonly socket: net.Socket,
    private readonly handle: Handler,
    private readonly sent: (command: NonNullable<Answer['command']>) => void,
    private closing: boolean,
  ) {
    this.remote = socket.remoteAddress ?? null;
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    socket.setTimeout(KEEP_ALIVE_MS, () => this.timedOut());
    socket.on('data', (chunk: string) => this.received(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('end', () => {
      // The client is done sending; a request being handled is still answered.
      if (!this.busy) socket.end();
    });
  }

  /** Closes once idle (now, or after the answer being prepared). */
  close(): void {
    this.closing = true;
    if (!this.busy) this.finish();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private received(chunk: string): void {
    if (this.ended) return;
    if (this.data === '') this.requestStarted = Date.now();
    this.data += chunk;
    if (this.data.length > MAX_HEAD + BODY_LIMIT + 64 * 1024) return this.fail(413);
    this.next();
  }

  /** Reads and handles the next whole request, if there is one and none is being handled. */
  private next(): void {
    if (this.busy || this.ended) return;
    // Empty lines before a request line are ignored (RFC 9112 section 2.2).
    while (this.data.startsWith('\r\n')) this.data = this.data.slice(2);
    if (this.data === '') {
      if (this.closing) this.finish();
      return;
    }
    const read = readRequest(this.data, BODY_LIMIT);
    if (!read.done) {
      if (read.expectContinue && !this.continued) {
        this.continued = true;
        this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
      }
      if (Date.now() - this.requestStarted > REQUEST_MS) this.fail(408);
      return;
    }
    if ('error' in read) return this.fail(read.error);
    this.data = this.data.slice(read.used);
    this.requestStarted = Date.now();
    this.continued = false;
    this.busy = true;
    this.socket.setTimeout(0);
    const { request } = read;
    void this.handle(request, this.remote).then((answer) => {
      this.busy = false;
      if (this.socket.destroyed || this.ended) return;
      const close = !request.keepAlive || this.closing;
      const command = answer.command;
      if (command) this.answerCommand(command, close);
      else this.answer(answer.status, close, answer.retryAfter ? `Retry-After: ${answer.retryAfter}\r\n` : '');
      if (close) return;
      this.socket.setTimeout(KEEP_ALIVE_MS);
      if (this.socket.readableEnded) this.finish();
      else this.next();
    });
  }

  private answer(status: number, close: boolean, headers = ''): void {
    this.socket.write(`HTTP/1.1 ${status} ${REASONS[status]}\r\nDate: ${httpDate()}\r\nContent-Length: 0\r\n${headers}${close ? 'Connection: close\r\n' : ''}\r\n`);
    if (close) this.finish();
  }

  /**
   * A 200 carrying a queued command's text, as Traccar answers; the command is marked sent once the
   * answer is written to the socket (the write's callback without an error).
   */
  private answerCommand(command: NonNullable<Answer['command']>, close: boolean): void {
    const head = `HTTP/1.1 200 OK\r\nDate: ${httpDate()}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(command.text)}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;
    this.socket.write(head + command.text, 'utf8', (err) => {
      if (!err) this.sent(command);
    });
    if (close) this.finish();
  }

  /** An answer to a request that cannot be read, and the connection closed (what follows is not read). */
  private fail(status: number): void {
    if (this.ended) return;
    this.data = '';
    this.answer(status, true);
  }

  /** Ends the connection; a client that does not close its side is cut off a little later. */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.data = '';
    this.socket.end();
    this.socket.setTimeout(LINGER_MS, () => this.socket.destroy());
  }

  private timedOut(): void {
    if (this.busy) return;
    if (this.data !== '') this.fail(408);
    else this.socket.destroy();
  }
}

/** The watch's address: the peer's, or behind trusted proxies (TRUST_PROXY) X-Forwarded-For's, as the API's request.ip reads it. */
function forwardedFor(request: Http1Request, remote: string | null, trust: TrustFunction | false): string | null {
  return clientAddress(remote, request.headers.get('x-forwarded-for') ?? undefined, trust);
}
