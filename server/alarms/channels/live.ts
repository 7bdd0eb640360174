import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { healthOf, notificationsOf } from '../../db/database';
import { arrayLiteral } from '../../db/unnest';
import { logFailure } from '../../db/health';
import { alarmDto, type AlarmDto } from '../messages';
import { stillHeard } from '../heard';
import { DEVICE_STATE_CHANNEL, deviceStatesOf } from './device-states';

/** The LISTEN/NOTIFY channel live alarms travel on between API nodes. */
export const ALARM_CHANNEL = 'vigil_alarms';

/** What a notification on ALARM_CHANNEL carries: the event and the users with a new message. */
export interface AlarmNotice {
  e: string;
  u: string[];
}

/** A message acknowledged (closed on the users' dashboards). */
export type AckNotice = { ack: string; u: string[] };

/**
 * The live channel: tells every node, once the caller's transaction commits, which users have a
 * new or closed in-app message. One statement for all of them: a round trip per event held the
 * batch's row locks for long.
 */
export async function notifyLive(trx: Db, notices: readonly (AlarmNotice | AckNotice)[]): Promise<void> {
  if (notices.length === 0) return;
  await sql`select pg_notify(${ALARM_CHANNEL}, n) from unnest(${arrayLiteral('text', notices.map((n) => JSON.stringify(n)))}::text[]) as n`.execute(trx);
}

/** One open event stream (a browser tab), of a user signed in to this tenant (null: the host). */
export interface LiveClient {
  tenantId: string | null;
  send(event: 'alarm' | 'ack' | 'resync' | 'device', data: unknown): void;
}

/**
 * This node's open event streams by user, fed from LISTEN on ALARM_CHANNEL: whichever node wrote
 * an alarm, every node hears the notification and sends the new messages to its own streams of
 * the users concerned (read back from alarm_messages, so a notification carries ids only). On
 * DEVICE_STATE_CHANNEL it hears watches' changed states, each sent to its owner's streams in the
 * device's tenant; the notice carries the state itself, so nothing is read for it.
 */
export class LiveHub {
  private clients = new Map<string, Set<LiveClient>>();
  private unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger) {}

  async start(): Promise<void> {
    const notifications = notificationsOf(this.db);
    this.unlisten.push(
      await notifications.listen(
        ALARM_CHANNEL,
        (payload) => {
          void this.onNotice(payload).catch((err: unknown) => logFailure(this.log, err, 'live alarm delivery failed'));
        },
        // Once for both channels: they are lost and back together.
        () => this.resync(),
      ),
      await notifications.listen(DEVICE_STATE_CHANNEL, (payload) => this.onDeviceStates(payload)),
    );
    // An alarm heard while the database was away could not be read back for its streams.
    healthOf(this.db).on('up', this.onDatabaseBack);
  }

  private readonly onDatabaseBack = () => this.resync();

  async stop(): Promise<void> {
    healthOf(this.db).off('up', this.onDatabaseBack);
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
  }

  /**
   * After the listener was away, alarms may have been written that no stream heard of: every open
   * stream is told to reload its open alarms (the web app reads the list again).
   */
  resync(): void {
    for (const set of this.clients.values()) for (const c of set) c.send('resync', {});
  }

  add(userId: string, client: LiveClient): () => void {
    const set = this.clients.get(userId) ?? new Set();
    set.add(client);
    this.clients.set(userId, set);
    return () => {
      set.delete(client);
      if (set.size === 0) this.clients.delete(userId);
    };
  }

  get size(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  private onDeviceStates(payload: string): void {
    if (this.clients.size === 0) return;
    try {
      for (const { ownerId, event } of deviceStatesOf(payload)) {
        for (const c of this.clients.get(ownerId) ?? []) if (c.tenantId === event.tenantId) c.send('device', event);
      }
    } catch (err) {
      logFailure(this.log, err, 'live device state delivery failed');
    }
  }

  private async onNotice(payload: string): Promise<void> {
    const notice = JSON.parse(payload) as AlarmNotice | AckNotice;
    const users = notice.u.filter((u) => this.clients.has(u));
    if (users.length === 0) return;
    if ('ack' in notice) {
      for (const u of users) for (const c of this.clients.get(u) ?? []) c.send('ack', { id: notice.ack });
      return;
    }
    const rows = await this.db
      .selectFrom('alarm_messages as m')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .select(['m.id', 'm.event_id', 'm.device_id', 'd.name as device_name', 'm.type', 'm.subject', 'm.body', 'm.event_time', 'm.creation_time', 'm.acknowledged_time', 'm.user_id'])
      .where('m.event_id', '=', notice.e)
      .where('m.user_id', 'in', users)
      .where(stillHeard('m'))
      // Open ones only: an event's later message (someone took it) must not bring back one closed meanwhile.
      .where('m.acknowledged_time', 'is', null)
      .execute();
    for (const row of rows) {
      const dto: AlarmDto = alarmDto(row);
      for (const c of this.clients.get(row.user_id) ?? []) c.send('alarm', dto);
    }
  }
}
