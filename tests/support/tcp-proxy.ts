import net from 'node:net';
import pg from 'pg';

/**
 * A TCP proxy of the test's own between the server and PostgreSQL, to cut connections the way a
 * restart, a failover or a network fault does: `cut()` resets every open connection, and while
 * `blocked` new connections are closed as soon as they arrive (a server that is not back yet).
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  blocked = false;
  /** Connections accepted and passed on, to tell that the server really reconnected. */
  accepted = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      client.on('error', () => undefined);
      if (this.blocked) {
        client.resetAndDestroy();
        return;
      }
      this.accepted++;
      const upstream = net.connect(this.target.port, this.target.host);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', end);
      upstream.on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  /** Listens on a free loopback port; returns it. */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** Resets every open connection, both ways, at once. */
  cut(): number {
    const n = this.pairs.size;
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.pairs.clear();
    return n;
  }

  get open(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/**
 * A connection of the test's own to the database a server reaches through the proxy, going
 * around it (to watch pg_stat_activity or read rows while the proxy is cut).
 */
export async function bypassingProxy(serverDatabaseUrl: string, target: string): Promise<pg.Client> {
  const url = new URL(target);
  const direct = new URL(serverDatabaseUrl);
  direct.hostname = url.hostname;
  direct.port = url.port || '5432';
  const client = new pg.Client({ connectionString: direct.toString() });
  await client.connect();
  return client;
}
