import net from 'node:net';
import { WatchFramer } from '../../server/protocols/watch/framer';

/** A 3G frame `[3G*ID*LEN*CONTENT]`, LEN in four hex digits as most watches write it. */
export function watchFrame(id: string, content: string, tag = '3G'): string {
  return `[${tag}*${id}*${Buffer.byteLength(content, 'latin1').toString(16).toUpperCase().padStart(4, '0')}*${content}]`;
}

/** A UD/AL report's content as 3G watches write it: date and time now (UTC), a fix, battery and the status word. */
export function report(type: string, opts: { lat: number; lon: number; valid?: boolean; battery?: number; status?: number; time?: Date; wifi?: string[] }): string {
  const t = opts.time ?? new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${two(t.getUTCDate())}${two(t.getUTCMonth() + 1)}${two(t.getUTCFullYear() % 100)}`;
  const time = `${two(t.getUTCHours())}${two(t.getUTCMinutes())}${two(t.getUTCSeconds())}`;
  const lat = `${Math.abs(opts.lat).toFixed(6)},${opts.lat < 0 ? 'S' : 'N'}`;
  const lon = `${Math.abs(opts.lon).toFixed(6)},${opts.lon < 0 ? 'W' : 'E'}`;
  const wifi = opts.wifi ?? [];
  const wifiPart = `${wifi.length}${wifi.map((mac, i) => `,net${i},${mac},-${50 + i}`).join('')}`;
  // One cell (Danish MCC 238) before the access points, as watches send them.
  return `${type},${date},${time},${opts.valid === false ? 'V' : 'A'},${lat},${lon},3.6,90,14,9,100,${opts.battery ?? 80},120,0,${(opts.status ?? 0).toString(16).padStart(8, '0')},1,1,238,1,4321,98765,40,${wifiPart},0.0`;
}

/** A watch on a real TCP connection: sends frames, reads the server's frames as the watch's framer cuts them. */
export class WatchClient {
  readonly frames: string[] = [];
  closed = false;
  private waiters: (() => void)[] = [];
  private readonly framer = new WatchFramer(64 * 1024);

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const f of this.framer.push(chunk)) this.frames.push(Buffer.from(f).toString('latin1'));
      this.wake();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static connect(port: number, host = '127.0.0.1'): Promise<WatchClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port }, () => resolve(new WatchClient(socket)));
      socket.once('error', reject);
    });
  }

  send(text: string | Uint8Array): void {
    this.socket.write(typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
  }

  /** The first frame received (from `from` on) that matches, within `ms`. */
  async next(match: (frame: string) => boolean, from = 0, ms = 5000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.slice(from).find(match);
      if (hit !== undefined) return hit;
      if (this.closed) throw new Error(`connection closed; frames: ${this.frames.join(' ')}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame in ${ms} ms; frames: ${this.frames.join(' ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server closed the connection (rejects after `ms`). */
  async closedByServer(ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  end(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}
