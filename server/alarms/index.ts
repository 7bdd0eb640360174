import { sql } from 'kysely';
import type { ModuleContext } from '../module-context';
import { AUTHENTICATED } from '../permissions/guard';
import { pagingOf } from '../http/paging';
import { notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { ALARM_CHANNEL, LiveHub, type AckNotice } from './channels/live';
import { alarmDto } from './messages';
import { watchStreamToken } from './stream-token';
import { escalationJobKind, escalationTiming } from './escalate';
import { acknowledgeEvent } from './acknowledge';
import { stillHeard } from './heard';
import { registerChannelJobs } from './channels';
import { geocoderOf } from '../geocoding/geocoder';
import { kickMail } from '../mail';
import { ALARM_ACKNOWLEDGE, ALARM_LIST, ALARM_STREAM } from './route-schemas';
import type { Api } from '../http/route-schemas';

/** A comment line on every open stream this often, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 20_000;

/**
 * Alarms for the signed-in user: their in-app messages (list, acknowledge) and a server-sent
 * event stream of new ones. The stream is a plain GET with the bearer token in the Authorization
 * header (the web app reads it with fetch, not EventSource, so the token never goes into a URL).
 */
export async function alarmsModule(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;
  const hub = new LiveHub(db, app.log);
  // Escalation steps run on the node's job queue (server/alarms/escalate.ts).
  escalationTiming.minuteMs = ctx.config.escalationMinuteMs;
  ctx.jobs.registerJobKind(escalationJobKind(db, { publicUrl: ctx.config.publicUrl, addressLater: geocoderOf(ctx.config) !== null }));
  // Push and SMS of alarms, and the push that clears an acknowledged alarm everywhere.
  registerChannelJobs(ctx.jobs, db, { config: ctx.config, log: app.log });
  const streams = new Set<() => void>();
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => hub.stop());

  const tags = ['alarms'];
  const mine = (userId: string) =>
    db
      .selectFrom('alarm_messages as m')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .where('m.user_id', '=', userId)
      .where(stillHeard('m'));

  app.get('/api/app/tracking/alarms', { config: { policy: AUTHENTICATED }, schema: { tags, summary: "The signed-in user's alarms, newest first", ...ALARM_LIST } }, async (request) => {
    const { skip, take } = pagingOf(request.query);
    let q = mine(request.principal!.userId);
    if (request.query.unacknowledged === 'true') q = q.where('m.acknowledged_time', 'is', null);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      q
        .select(['m.id', 'm.event_id', 'm.device_id', 'd.name as device_name', 'm.type', 'm.subject', 'm.body', 'm.event_time', 'm.creation_time', 'm.acknowledged_time'])
        .orderBy('m.creation_time', 'desc')
        .orderBy('m.id')
        .offset(skip)
        .limit(take)
        .execute(),
    ]);
    return { totalCount: Number(count?.n ?? 0), items: rows.map(alarmDto) };
  });

  app.post('/api/app/tracking/alarms/:id/acknowledge', { config: { policy: AUTHENTICATED }, schema: { tags, summary: 'Acknowledges an alarm (for every receiver of its event)', ...ALARM_ACKNOWLEDGE } }, async (request) => {
    const { id } = request.params;
    const userId = request.principal!.userId;
    let mailed = false;
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('alarm_messages')
        .set({ acknowledged_time: sql<Date>`coalesce(acknowledged_time, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where(stillHeard('alarm_messages'))
        .returning(['id', 'event_id'])
        .executeTakeFirst();
      if (updated) {
        const notice: AckNotice = { ack: id, u: [userId] };
        await sql`select pg_notify(${ALARM_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
        // The event's first acknowledgment stops its escalation and tells the others who took it.
        mailed = (await acknowledgeEvent(trx, updated.event_id, userId)).mailed;
      }
      return updated;
    });
    if (!row) throw notFound(translate('tracking:errors.alarmNotFound', request.language));
    if (mailed) kickMail();
    const full = await mine(userId)
      .select(['m.id', 'm.event_id', 'm.device_id', 'd.name as device_name', 'm.type', 'm.subject', 'm.body', 'm.event_time', 'm.creation_time', 'm.acknowledged_time'])
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow();
    return alarmDto(full);
  });

  app.get('/api/app/tracking/live', { config: { policy: AUTHENTICATED }, schema: { tags, summary: "A stream of new alarms, acknowledgments and the user's watches' changed states", produces: ['text/event-stream'], ...ALARM_STREAM } }, async (request, reply) => {
    const principal = request.principal!;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n: connected\n\n');
    const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const remove = hub.add(principal.userId, { tenantId: principal.tenantId, send });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    // A stream lives no longer than its token: 'expired' at its expiry (the web app reconnects at
    // once with the renewed token), 'ended' when its sign-in ends on any node.
    const stopWatching = watchStreamToken(ctx.liveness, principal, (reason) => {
      send(reason, {});
      end();
    });
    const end = () => {
      clearInterval(heartbeat);
      stopWatching();
      remove();
      streams.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    streams.add(end);
    request.raw.on('close', end);
  });
}
