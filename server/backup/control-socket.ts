import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database belongs to the one process that opened it, so `npm run backup` asks that
 * process to write the backup, over a Unix socket next to the data folder. The socket is the
 * owner's alone (mode 0600): only the account that runs Vigil can ask. One request per connection:
 * a JSON line in, a JSON line out.
 */
export interface ControlRequest {
  op: 'backup' | 'ping';
  file?: string;
}
export type ControlAnswer = { ok: true; result?: unknown } | { ok: false; error: string };

/** Unix socket paths are limited to about 104 bytes; a longer data-folder path uses a name in the temp folder. */
export function controlSocketPath(dataDir: string): string {
  const beside = `${dataDir}.sock`;
  if (Buffer.byteLength(beside) < 100) return beside;
  return path.join(os.tmpdir(), `vigil-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

const MAX_REQUEST = 4096;

export async function serveControlSocket(
  socketPath: string,
  handle: (request: ControlRequest) => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
): Promise<{ close(): Promise<void> }> {
  // A socket file left by a process that died is in the way; a live one means another Vigil runs here.
  if (await controlAnswers(socketPath)) throw new Error(`Another Vigil is already running on this data folder (${socketPath} answers).`);
  await fs.rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST) return void socket.end(`${JSON.stringify({ ok: false, error: 'request too long' })}\n`);
      const end = text.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      void answer(text.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string): Promise<ControlAnswer> => {
    try {
      const request = JSON.parse(line) as ControlRequest;
      if (request.op === 'ping') return { ok: true };
      return { ok: true, result: await handle(request) };
    } catch (err) {
      log.warn({ err }, 'control request failed');
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  };
  server.on('error', (err) => log.warn({ err }, 'control socket error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await fs.chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void fs.rm(socketPath, { force: true });
      }),
  };
}

/** Sends one request; throws when nobody answers on the socket. */
export async function controlRequest(socketPath: string, request: ControlRequest, timeoutMs = 10 * 60_000): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('Vigil did not answer in time')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(JSON.parse(text) as ControlAnswer);
      } catch {
        reject(new Error('Vigil closed the control connection without an answer'));
      }
    });
  });
}

/** Whether a Vigil process answers on this socket. */
export async function controlAnswers(socketPath: string): Promise<boolean> {
  try {
    return (await controlRequest(socketPath, { op: 'ping' }, 2000)).ok;
  } catch {
    return false;
  }
}
