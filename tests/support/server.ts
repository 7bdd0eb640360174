import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/config';
import { createServer, type Server } from '../../server/app';
import { inject } from 'vitest';

/** Which databases the API tests run on: always embedded PGlite, plus PostgreSQL when configured. */
export const DATABASES: { name: string; url: string }[] = [
  { name: 'pglite', url: '' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/**
 * A free port held until release(), for a server that must know its port (its issuer URL) long
 * before it listens: released at once, another test file's outgoing connections could be handed
 * the same port while the server migrates and seeds (seen on CI as EADDRINUSE).
 */
export async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
export function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** One of this machine's own addresses that is not loopback, if it has one. */
export const ownAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** Creates a database of its own on the PostgreSQL server, so runs never see each other's rows. */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vigil_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The migrated database the api and e2e projects' global setup made (none outside them). */
function pgliteTemplate(): string {
  try {
    return inject('pgliteTemplate') ?? '';
  } catch {
    return '';
  }
}

export interface TestServer extends Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts the real server on a free port, on an in-memory PGlite or a fresh PostgreSQL database. */
export async function startServer(databaseUrl = '', overrides: Partial<Config> = {}): Promise<TestServer> {
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  const { port, release } = await reservePort();
  const url = `http://127.0.0.1:${port}`;
  let server: Server;
  try {
    const config = loadConfig(
      {},
      {
        port,
        host: '127.0.0.1',
        publicUrl: url,
        databaseUrl: scratch?.url ?? '',
        dataDir: 'memory://',
        memoryTemplate: databaseUrl ? '' : pgliteTemplate(),
        seedDemo: true,
        buildWeb: false,
        // No fixed ingest port in tests (files run in parallel); a test that needs it asks for 0 (a free one).
        ingestPort: -1, watchPort: -1, eviewPort: -1,
        logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
        // No map tiles from the internet (OpenStreetMap's are the default): a test that shows tiles serves its own.
        tileUrl: '',
        ...overrides,
      },
    );
    server = await createServer(config);
  } finally {
    await release();
  }
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    ...server,
    url,
    async stop() {
      await server.close();
      await scratch?.drop();
    },
  };
}

export type SecondNode = Server & { url: string };

/** Another API node on the first's database and configuration (its PUBLIC_URL too), on a port of its own. */
export async function startSecondNode(first: TestServer): Promise<SecondNode> {
  const { port, release } = await reservePort();
  // The ingest and watches' ports of the first node are taken: the second listens on free ones where the first listens at all.
  const ports = { ingestPort: first.config.ingestPort >= 0 ? 0 : -1, watchPort: first.config.watchPort >= 0 ? 0 : -1, eviewPort: first.config.eviewPort >= 0 ? 0 : -1 };
  const second = Object.assign(await createServer({ ...first.config, ...ports, port }).finally(release), { url: `http://127.0.0.1:${port}` });
  await second.app.listen({ port, host: '127.0.0.1' });
  return second;
}
