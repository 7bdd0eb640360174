import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { BODY_LIMIT, receiveOsmand, type IngestParts } from './osmand-routes';

/**
 * The ingest's own port, as Traccar's 5055: the Traccar Client apps post to its root (any path is
 * taken). A plain node:http server rather than a second Fastify instance: there is one route, no
 * sign-in and no JSON answer, and at thousands of watches a second Fastify's routing, hooks and
 * per-request logger doubled the HTTP cost of a position on this one-threaded node.
 */
export class IngestPort {
  private readonly server: http.Server;

  constructor(parts: IngestParts, log: FastifyBaseLogger) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (refused) return;
        if (size > BODY_LIMIT) {
          // Answered at once; the connection closes once the answer is out (the rest is not read).
          refused = true;
          chunks.length = 0;
          answer(res, 413, { connection: 'close' });
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => {
        if (refused) return;
        const body = chunks.length === 0 ? '' : Buffer.concat(chunks).toString('utf8');
        receiveOsmand(parts, { method: req.method ?? 'POST', url: req.url ?? '/', contentType: req.headers['content-type'], body, remote: remoteOf(req) }, log).then(
          (a) => answer(res, a.status, a.retryAfter ? { 'retry-after': String(a.retryAfter) } : {}),
          (err: unknown) => {
            log.error({ err }, 'ingest: message could not be handled');
            answer(res, 500);
          },
        );
      });
      req.on('error', () => undefined);
    });
  }

  /** Listens; with port 0 a free port is taken. Returns the port. */
  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    // A watch that keeps its connection open after its answer is not waited for long.
    const late = setTimeout(() => this.server.closeAllConnections(), 2000);
    late.unref();
    await closed;
    clearTimeout(late);
  }
}

/** An empty answer. */
function answer(res: http.ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-length': '0', ...headers });
  res.end();
}

/** The watch's address: behind a proxy the first X-Forwarded-For entry, as the API's trustProxy reads it. */
function remoteOf(req: http.IncomingMessage): string | null {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || null;
}
