import { ALARMS, alarmsAt, type AlarmName, type AlarmSchedule } from './alarms';
import type { SimulatedDevice } from './device';
import { EviewDevice } from './eview-device';
import { Link, type Backoff } from './link';
import { bearingOf, route, type Home, type Point } from './route';
import { WatchDevice } from './watch-device';
import { FixClock, startingWearer, walkTo, type Wearer } from './wearer';

export type TcpProtocol = 'watch' | 'eview';

/** One watch of the walk: its IMEI and, for a 3G watch, the id it sends (default: the IMEI's last 10 digits). */
export interface TcpWatch {
  imei: string;
  id?: string;
}

export interface TcpWalkOptions {
  protocol: TcpProtocol;
  host: string;
  port: number;
  watches: readonly TcpWatch[];
  /** Between two fixes of the walk. */
  intervalMs: number;
  /** Fixes per watch: half the walk goes out, half comes back. */
  steps: number;
  /** Between two heartbeats (one is sent on each connection too). */
  heartbeatMs: number;
  home: Home;
  /** Alarms raised at a step (1-based): that step's fix is the alarm. */
  alarms?: AlarmSchedule;
  /** Keep the connections after the walk (heartbeats, answers to commands) until stop(). */
  stay?: boolean;
  backoff?: Backoff;
  log?: (line: string) => void;
}

export interface TcpWalkSummary {
  /** Fixes (positions and alarms) written to the server. */
  sent: number;
  /** Fixes still kept at the end, never sent (the server was unreachable). */
  failed: number;
  /** Connections made, reconnections included. */
  connections: number;
}

const DEFAULT_BACKOFF: Backoff = { minMs: 500, maxMs: 30_000 };
/** Fixes a watch keeps while offline (the oldest go first), as a watch's memory is bounded. */
const MAX_KEPT = 500;
/** How long a walk that ended offline waits for a connection to send what it kept. */
const LAST_CHANCE_MS = 10_000;

/** The id a 3G watch sends when none is given: its IMEI's last 10 digits, as these watches print it. */
export const defaultWatchId = (imei: string): string => imei.slice(-10);

export function deviceFor(protocol: TcpProtocol, watch: TcpWatch, intervals: { heartbeatS: number; uploadS: number }): SimulatedDevice {
  return protocol === 'watch' ? new WatchDevice(watch.id ?? defaultWatchId(watch.imei)) : new EviewDevice(watch.imei, intervals);
}

/**
 * One simulated watch on its own connection: a heartbeat on connecting and every heartbeatMs, the
 * walk's fixes every intervalMs from its first connection on, alarms when scheduled or raised, and
 * answers to what the server sends. Fixes made while offline are kept and sent on reconnecting.
 */
export class SimulatedWatch {
  private wearer: Wearer;
  private step = -1;
  private readonly clock = new FixClock();
  private readonly kept: Uint8Array[] = [];
  private readonly link: Link;
  private walkTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private lastChance: NodeJS.Timeout | null = null;
  private ending: Promise<TcpWalkSummary> | null = null;
  private settle: (summary: TcpWalkSummary) => void = () => undefined;
  private readonly done: Promise<TcpWalkSummary>;
  private sent = 0;
  private finishing = false;

  constructor(
    readonly device: SimulatedDevice,
    private readonly route: readonly Point[],
    private readonly options: TcpWalkOptions & { log: (line: string) => void },
  ) {
    this.wearer = startingWearer(route[0]!);
    this.done = new Promise((resolve) => (this.settle = resolve));
    this.link = new Link({
      host: options.host,
      port: options.port,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      onOpen: () => this.opened(),
      onData: (chunk) => this.received(chunk),
      onClose: () => this.closed(),
      log: (line) => this.log(line),
    });
  }

  /** Connects and walks; resolves when the walk is over (or, staying, when stopped). */
  run(): Promise<TcpWalkSummary> {
    this.link.start();
    return this.done;
  }

  get connections(): number {
    return this.link.connections;
  }

  /** Raises an alarm now, at the watch's place. */
  raise(alarm: AlarmName): void {
    if (this.ending) return;
    if (!this.device.supports(alarm)) {
      this.log(`${ALARMS[alarm].label}: no such alarm in the ${this.device.protocol} protocol`);
      return;
    }
    this.sendFix(this.device.alarm([alarm], this.wearer, this.clock.next(new Date()))!, `${ALARMS[alarm].label} alarm`);
  }

  /** Ends the walk: timers cleared, the connection closed after what was written is flushed. */
  stop(): Promise<TcpWalkSummary> {
    this.ending ??= (async () => {
      if (this.walkTimer) clearTimeout(this.walkTimer);
      if (this.lastChance) clearTimeout(this.lastChance);
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      await this.link.stop();
      const summary = { sent: this.sent, failed: this.kept.length, connections: this.link.connections };
      this.settle(summary);
      return summary;
    })();
    return this.ending;
  }

  private log(line: string): void {
    this.options.log(`${this.device.label}: ${line}`);
  }

  private opened(): void {
    this.device.reset();
    this.beat();
    if (this.kept.length > 0) {
      const kept = this.kept.splice(0);
      for (const frame of kept) this.link.write(frame);
      this.sent += kept.length;
      this.log(`sent ${kept.length} fix(es) kept while offline`);
    }
    this.heartbeatTimer = setInterval(() => this.beat(), this.options.heartbeatMs);
    if (this.step < 0) this.takeStep();
    if (this.finishing && this.kept.length === 0) void this.stop();
  }

  /** A heartbeat, when connected (one missed offline is not kept: the next says the same, later). */
  private beat(): void {
    const w = this.wearer;
    if (this.link.write(this.device.heartbeat(w, new Date()))) this.log(`heartbeat (battery ${w.battery} %, ${w.steps} steps)`);
  }

  private closed(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private received(chunk: Uint8Array): void {
    try {
      const reaction = this.device.receive(chunk, this.wearer, new Date());
      for (const note of reaction.notes) this.log(note);
      for (const reply of reaction.replies) this.link.write(reply);
      if (reaction.locate) this.sendFix(this.device.position(this.wearer, this.clock.next(new Date())), 'position on request');
    } catch (err) {
      // A watch's firmware survives what it cannot read; so does the simulator.
      this.log(`could not read what the server sent (${(err as Error).message}): ignored`);
    }
  }

  private takeStep(): void {
    this.step++;
    const { steps, intervalMs } = this.options;
    this.wearer = walkTo(this.wearer, this.step, this.route[this.step]!);
    const w = this.wearer;
    const scheduled = alarmsAt(this.options.alarms ?? {}, this.step + 1);
    for (const alarm of scheduled.filter((a) => !this.device.supports(a))) this.log(`${ALARMS[alarm].label}: no such alarm in the ${this.device.protocol} protocol`);
    const fixTime = this.clock.next(new Date());
    const alarm = this.device.alarm(scheduled, w, fixTime);
    const raised = scheduled.filter((a) => this.device.supports(a)).map((a) => ALARMS[a].label);
    const what = `step ${this.step + 1}/${steps} ${w.lat.toFixed(5)},${w.lon.toFixed(5)} battery ${w.battery} %${raised.length ? `, ${raised.join(' and ')} alarm` : ''}`;
    this.sendFix(alarm ?? this.device.position(w, fixTime), what);
    if (this.step < steps - 1) this.walkTimer = setTimeout(() => this.takeStep(), intervalMs);
    else this.walked();
  }

  private walked(): void {
    if (this.options.stay) {
      this.log('walk done; staying connected (heartbeats, answers to commands)');
      return;
    }
    if (this.kept.length === 0) {
      void this.stop();
      return;
    }
    this.finishing = true;
    this.log(`walk done; waiting up to ${LAST_CHANCE_MS / 1000} s to send ${this.kept.length} kept fix(es)`);
    this.lastChance = setTimeout(() => void this.stop(), LAST_CHANCE_MS);
  }

  private sendFix(frame: Uint8Array, what: string): void {
    if (this.link.write(frame)) {
      this.sent++;
      this.log(what);
      return;
    }
    if (this.kept.length >= MAX_KEPT) this.kept.shift();
    this.kept.push(frame);
    this.log(`${what} (offline: kept to send on reconnecting)`);
  }
}

/** The demo watches (or those given) walking over a TCP protocol, each on its own connection. */
export class TcpWalk {
  readonly watches: SimulatedWatch[];

  constructor(options: TcpWalkOptions) {
    const log = options.log ?? console.log;
    const intervals = { heartbeatS: Math.round(options.heartbeatMs / 1000), uploadS: Math.round(options.intervalMs / 1000) };
    this.watches = options.watches.map(
      (watch, i) => new SimulatedWatch(deviceFor(options.protocol, watch, intervals), route(options.home, bearingOf(i), options.steps), { ...options, log }),
    );
  }

  async run(): Promise<TcpWalkSummary> {
    const summaries = await Promise.all(this.watches.map((w) => w.run()));
    return {
      sent: summaries.reduce((n, s) => n + s.sent, 0),
      failed: summaries.reduce((n, s) => n + s.failed, 0),
      connections: summaries.reduce((n, s) => n + s.connections, 0),
    };
  }

  raise(alarm: AlarmName): void {
    for (const watch of this.watches) watch.raise(alarm);
  }

  async stop(): Promise<void> {
    await Promise.all(this.watches.map((w) => w.stop()));
  }
}
