import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server';

const run = promisify(execFile);

/** The machine's PostgreSQL programs (Debian keeps them out of PATH), or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version && path.join(root, version, 'bin');
  return bin && fs.existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl from the machine's PostgreSQL) on a
 * free port in a temporary folder: restarted, stopped and thrown away by the test, never the
 * shared server on 5432. PostgreSQL will not run as root, so as root it runs as `postgres`.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL programs not found under /usr/lib/postgresql');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pg-'));
    fs.chmodSync(dir, 0o755);
    const pg = new PrivatePostgres(bin, dir, await freePort());
    if (process.getuid?.() === 0) fs.chownSync(dir, ...postgresIds());
    await pg.exec('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    return pg;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.exec('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', options, '-l', path.join(this.dir, 'log'), '-w', '-t', '30', 'start']);
  }

  /** `pg_ctl restart -m fast|immediate`: every connection is ended by the server. */
  async restart(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.stop(mode);
    await this.start();
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', '-t', '30', 'stop']);
  }

  /** Stops the cluster if it runs and removes its folder. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async exec(program: string, args: string[]): Promise<void> {
    const file = path.join(this.bin, program);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: this.dir });
    else await run(file, args, { cwd: this.dir });
  }
}

function postgresIds(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('No postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}
