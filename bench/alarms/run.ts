// `npm run bench:alarms`: the alarm fan-out of issue 16. 1,000 of 10,000 watches leave their home
// zone in the same second, each with 3 receivers (its owner and 2 invited carers, each a user with
// one push subscription at a local push stand-in), push + mail + in-app for every receiver. Reports
// the time from each confirming fix to every push at the stand-in and every mail in the mail queue
// (p50/p95/p99/max), and the ingest throughput of the same load with that fan-out and with today's
// minimum (the owner only, no push subscription), each in a scratch database of its own, against
// the bulk INSERT floor. Built on bench/ingest (plan, seeding, load generator, floor).
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test
// (bench/support/database.ts; scratch databases are made there and dropped).
import './defaults';
import { fork } from 'node:child_process';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { percentile } from '../support/measure';
import { BENCH_DATABASE_URL } from '../support/database';
import { createScratchDatabase } from '../support/from-tests';
import { DEVICES, ROUNDS, TAIL_ROUNDS, WALKER_EVERY, ZONES_PER_DEVICE, isWalker } from '../ingest/plan';
import { bulkInsertFloor, databaseCpuSeconds, listenAlarms, now, runLoad, seedFleet, type Fleet } from '../ingest/fleet';
import { startDirect } from '../ingest/direct';
import { childMessages } from '../ingest/child-messages';
import type { CpuUse } from '../ingest/api';
import type { StandInAnswer, StandInReport, StandInRequest, StandInSubscription, PushArrival, MailArrival } from './stand-ins';

const base = BENCH_DATABASE_URL;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1000);
const NODES = Math.max(1, Number(process.env.BENCH_NODES ?? 1));
/** BENCH_SMTP=1: mail.send delivers over SMTP to the SMTP stand-in (else the outbox rows are the end, as in bench:ingest). */
const SMTP = ['1', 'true', 'yes', 'on'].includes((process.env.BENCH_SMTP ?? '').toLowerCase());
/** Receivers per walker: the owner and the invited ones. */
const RECEIVERS = 3;
/** The aim of issue 16. */
const AIM_P99_MS = 2000;
const AIM_RATE = 5000;
/** After the load, how long to wait for the last notifications when none arrives any more. */
const QUIET_MS = 15_000;

const walkers = Array.from({ length: DEVICES }, (_, i) => i).filter(isWalker);
const emailOf = (i: number, k: number) => `w${i}-${k}@bench.local`;

// ---- The stand-ins, a process of their own ----
const standIn = fork(new URL('./stand-ins.ts', import.meta.url).pathname, [SMTP ? 'smtp' : 'nosmtp'], { execArgv: process.execArgv });
const { next: answer, ask } = childMessages<StandInRequest, StandInAnswer>(standIn);
const ready = await answer();
if (ready.type !== 'ready') throw new Error('the stand-ins did not start');
const subscribed = await ask({ type: 'subscribe', count: walkers.length * RECEIVERS });
if (subscribed.type !== 'subscribed') throw new Error('the stand-ins did not subscribe');
const subscriptions = subscribed.subscriptions;
/** Subscription of walker w (its index among the walkers), receiver k. */
const subscriptionOf = (w: number, k: number): StandInSubscription => subscriptions[w * RECEIVERS + k]!;
const whereSubscription = new Map(subscriptions.map((s, n) => [s.id, { device: walkers[Math.floor(n / RECEIVERS)]!, k: n % RECEIVERS }]));

async function report(): Promise<StandInReport> {
  const a = await ask({ type: 'report' });
  if (a.type !== 'report') throw new Error('the stand-ins did not report');
  return a.report;
}

// ---- One run: its own scratch database and API ----
type Mode = 'fanout' | 'owner';

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
const statsOf = (samples: number[]): Stats | null => (samples.length ? { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), max: percentile(samples, 100) } : null);
const ms = (s: Stats | null) => (s ? `p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, max ${s.max.toFixed(0)} ms` : 'n/a');

interface RunResult {
  mode: Mode;
  apiName: string;
  stored: number;
  seconds: number;
  rate: number;
  statuses: Record<string, number>;
  apiCpu: CpuUse[];
  loadCpu: number;
  dbCpu: number | null;
  standInCpu: number;
  exits: number;
  heard: number;
  commit: Stats | null;
  mailRows: number;
  mailExpected: number;
  mailQueued: Stats | null;
  messages: number;
  pushExpected: number;
  pushes: PushArrival[];
  pushMatched: number;
  pushLatency: Stats | null;
  pushAfterCommit: Stats | null;
  pushSpan: { first: number; last: number } | null;
  smtp: MailArrival[];
  smtpLatency: Stats | null;
  jobs: { kind: string; done: number; pending: number; failed: number; queueToFinish: Stats | null }[];
  drainSeconds: number;
  floor?: { rows: number; rate: number };
}

/** Walker owners (user w{i}-0) and, for the fan-out, 2 invited receivers (w{i}-1, w{i}-2) and a push subscription each. */
async function seedReceivers(db: Db, fleet: Fleet, mode: Mode): Promise<void> {
  const users: { id: string; device: number; k: number }[] = walkers.flatMap((i) => Array.from({ length: mode === 'fanout' ? RECEIVERS : 1 }, (_, k) => ({ id: randomUUID(), device: i, k })));
  for (let from = 0; from < users.length; from += 1000) {
    await db
      .insertInto('users')
      .values(
        users.slice(from, from + 1000).map((u) => {
          const email = emailOf(u.device, u.k);
          return { id: u.id, tenant_id: fleet.tenantId, user_name: email, normalized_user_name: email.toUpperCase(), email, normalized_email: email.toUpperCase(), password_hash: '-', security_stamp: randomUUID(), concurrency_stamp: randomUUID() };
        }),
      )
      .execute();
  }
  const owners = users.filter((u) => u.k === 0);
  await sql`update devices set owner_user_id = v.u from unnest(${owners.map((o) => fleet.deviceIds[o.device]!)}::uuid[], ${owners.map((o) => o.id)}::uuid[]) as v(d, u) where devices.id = v.d`.execute(db);
  if (mode === 'owner') return;
  const invited = users.filter((u) => u.k > 0);
  await db
    .insertInto('device_alarm_receivers')
    .values(invited.map((u) => ({ id: randomUUID(), tenant_id: fleet.tenantId, device_id: fleet.deviceIds[u.device]!, user_id: u.id, email: emailOf(u.device, u.k), name: `Carer ${u.k}`, status: 'active' as const, invited_by_user_id: owners.find((o) => o.device === u.device)?.id ?? null })))
    .execute();
  const walkerIndex = new Map(walkers.map((i, w) => [i, w]));
  for (let from = 0; from < users.length; from += 1000) {
    await db
      .insertInto('push_subscriptions')
      .values(
        users.slice(from, from + 1000).map((u) => {
          const s = subscriptionOf(walkerIndex.get(u.device)!, u.k);
          return { id: randomUUID(), user_id: u.id, tenant_id: fleet.tenantId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, device_name: 'Bench phone' };
        }),
      )
      .execute();
  }
}

async function runOnce(mode: Mode, withFloor: boolean): Promise<RunResult> {
  const scratch = await createScratchDatabase(base);
  const api = await startDirect(scratch.url, NODES, {
    push: { vapidSubject: 'mailto:bench@bench.local', timeoutMs: 10_000, allowLocalHttp: true },
    ...(SMTP ? { smtpUrl: ready.type === 'ready' ? ready.smtpUrl : '' } : {}),
  });
  const { db } = api;
  try {
    const seeded = performance.now();
    const fleet = await seedFleet(db);
    await seedReceivers(db, fleet, mode);
    await sql`analyze`.execute(db);
    console.log(`${mode === 'fanout' ? 'Full fan-out' : 'Owner only'}: seeded ${DEVICES} devices with ${ZONES_PER_DEVICE} zones each in ${((performance.now() - seeded) / 1000).toFixed(1)} s; sending ${DEVICES * ROUNDS} fixes…`);

    const alarms = await listenAlarms(scratch.url);
    await report(); // Starts the stand-ins' count (and CPU) here.
    const start = Date.now() - ROUNDS * 30_000 - 120_000;
    api.startCpu();
    const dbCpuBefore = databaseCpuSeconds(base!);
    const result = await runLoad(api.ingestPorts, start, CONCURRENCY, false);
    const dbCpuAfter = databaseCpuSeconds(base!);
    const apiCpu = await api.cpu();

    // The rest of the fan-out after the load: until every notification is in, or none came for QUIET_MS.
    const pushExpected = mode === 'fanout' ? walkers.length * RECEIVERS : 0;
    const smtpExpected = SMTP ? walkers.length * (mode === 'fanout' ? RECEIVERS : 1) : 0;
    const pushes: PushArrival[] = [];
    const smtp: MailArrival[] = [];
    let standInCpu = 0;
    const drainStart = now();
    let lastProgress = now();
    for (;;) {
      const r = await report();
      pushes.push(...r.pushes);
      smtp.push(...r.mails);
      standInCpu += r.cpuSeconds;
      if (r.pushes.length || r.mails.length) lastProgress = now();
      if (alarms.heard.size >= walkers.length && pushes.length >= pushExpected && smtp.length >= smtpExpected) break;
      if (now() - lastProgress > QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const drainSeconds = (now() - drainStart) / 1000;
    await alarms.stop();
    // The browser's part, after the measured window: decrypt every push and read its event id.
    const decrypted = await ask({ type: 'payloads' });
    if (decrypted.type !== 'payloads') throw new Error('the stand-ins did not decrypt');

    const stored = Number((await db.selectFrom('positions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const exits = await db.selectFrom('device_events').select(['id', 'device_id']).where('type', '=', 'geofenceExit').execute();
    const indexOf = new Map(fleet.deviceIds.map((id, i) => [id, i]));
    const eventOf = new Map(exits.map((e) => [indexOf.get(e.device_id)!, e.id]));
    const sentOf = (device: number) => result.confirmingSent[device];
    const committedOf = (device: number) => {
      const e = eventOf.get(device);
      return e === undefined ? undefined : alarms.heard.get(e);
    };
    const commit = statsOf(walkers.flatMap((i) => (sentOf(i) !== undefined && committedOf(i) !== undefined ? [committedOf(i)! - sentOf(i)!] : [])));

    // Mail: each walker receiver's mail_outbox row is visible when its event's transaction committed (heard).
    const mailRows = await db.selectFrom('mail_outbox').select(['to_address']).where('to_address', 'like', 'w%@bench.local').execute();
    const mailQueued = statsOf(
      mailRows.flatMap((m) => {
        const device = Number(/^w(\d+)-/.exec(m.to_address)?.[1]);
        const sent = sentOf(device);
        const committed = committedOf(device);
        return sent !== undefined && committed !== undefined ? [committed - sent] : [];
      }),
    );
    const messages = Number((await db.selectFrom('alarm_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

    // Push: each arrival's subscription names its walker; the payload's event id must be that walker's exit.
    let pushMatched = 0;
    const pushLatencies: number[] = [];
    const pushAfterCommit: number[] = [];
    for (const p of pushes) {
      const where = whereSubscription.get(p.subscriptionId);
      if (!where) continue;
      const eventId = decrypted.eventIds[p.seq] ?? null;
      if (eventId !== null && eventId === eventOf.get(where.device)) pushMatched++;
      const sent = sentOf(where.device);
      const committed = committedOf(where.device);
      if (sent !== undefined) pushLatencies.push(p.at - sent);
      if (committed !== undefined) pushAfterCommit.push(p.at - committed);
    }
    const smtpLatencies = smtp.flatMap((m) => {
      const device = Number(/^w(\d+)-/.exec(m.to)?.[1]);
      const sent = sentOf(device);
      return sent === undefined ? [] : [m.at - sent];
    });

    // The job queue's view: enqueue (run_at, the ingest's clock) to finish (the database's), per kind.
    const jobRows = await db.selectFrom('jobs').select(['kind', 'status', 'run_at', 'finish_time']).where('kind', 'in', ['alarm.push', 'mail.send']).execute();
    const jobs = ['alarm.push', 'mail.send'].map((kind) => {
      const of = jobRows.filter((j) => j.kind === kind);
      const finished = of.filter((j) => j.finish_time !== null);
      return {
        kind,
        done: of.filter((j) => j.status === 'done').length,
        pending: of.filter((j) => j.status === 'pending').length,
        failed: of.filter((j) => j.status === 'failed').length,
        queueToFinish: statsOf(finished.map((j) => new Date(j.finish_time!).getTime() - new Date(j.run_at).getTime())),
      };
    });

    const floor = withFloor ? await bulkInsertFloor(db, scratch.url, fleet, start) : undefined;
    return {
      mode,
      apiName: api.name,
      stored,
      seconds: result.seconds,
      rate: stored / result.seconds,
      statuses: result.statuses,
      apiCpu,
      loadCpu: result.cpuSeconds,
      dbCpu: dbCpuBefore === null || dbCpuAfter === null ? null : dbCpuAfter - dbCpuBefore,
      standInCpu,
      exits: exits.length,
      heard: alarms.heard.size,
      commit,
      mailRows: mailRows.length,
      mailExpected: walkers.length * (mode === 'fanout' ? RECEIVERS : 1),
      mailQueued,
      messages,
      pushExpected,
      pushes,
      pushMatched,
      pushLatency: statsOf(pushLatencies),
      pushAfterCommit: statsOf(pushAfterCommit),
      pushSpan: pushes.length ? { first: Math.min(...pushes.map((p) => p.at)), last: Math.max(...pushes.map((p) => p.at)) } : null,
      smtp,
      smtpLatency: statsOf(smtpLatencies),
      jobs,
      drainSeconds,
      ...(floor ? { floor } : {}),
    };
  } finally {
    await api.stop();
    await scratch.drop();
  }
}

function describe(r: RunResult): string[] {
  const cpu = r.apiCpu.map((c) => `${c.label} ${c.seconds.toFixed(1)} s${c.kernelSeconds === undefined ? '' : ` (${c.kernelSeconds.toFixed(1)} s kernel)`}`).join(' + ');
  const answered: Record<string, number> = {};
  for (const p of r.pushes) answered[String(p.answered)] = (answered[String(p.answered)] ?? 0) + 1;
  const lines = [
    r.mode === 'fanout' ? `Full fan-out: ${RECEIVERS} receivers per walker (owner + ${RECEIVERS - 1} invited), each with 1 push subscription` : 'Owner only (today\'s minimum): the owner as sole receiver, no push subscription',
    `  HTTP ingest with evaluation: ${r.stored} positions in ${r.seconds.toFixed(2)} s = ${r.rate.toFixed(0)} positions/s, HTTP statuses ${JSON.stringify(r.statuses)}`,
    `  CPU during the load (${r.seconds.toFixed(1)} s on ${os.cpus().length} cores): API ${cpu}, load generator ${r.loadCpu.toFixed(1)} s, PostgreSQL ${r.dbCpu === null ? 'n/a' : `${r.dbCpu.toFixed(1)} s`}; stand-ins ${r.standInCpu.toFixed(1)} s (load and drain)`,
    `  Alarms: ${r.exits} exits for ${walkers.length} walkers, ${r.heard} heard on the alarm channel; confirming fix -> committed (event, mails, messages): ${ms(r.commit)}`,
    `  Mail handed to the mail queue (mail_outbox rows committed): ${r.mailRows}/${r.mailExpected}; confirming fix -> committed: ${ms(r.mailQueued)}`,
    `  In-app messages: ${r.messages}`,
  ];
  if (r.pushExpected > 0 || r.pushes.length > 0) {
    const span = r.pushSpan ? (r.pushSpan.last - r.pushSpan.first) / 1000 : 0;
    lines.push(
      `  Push at the stand-in: ${r.pushes.length}/${r.pushExpected} (answered ${JSON.stringify(answered)}, VAPID valid ${r.pushes.filter((p) => p.vapidOk).length}, payload's event id matched ${r.pushMatched}); confirming fix -> arrived: ${ms(r.pushLatency)}`,
      `  Push after commit (job queue and send): ${ms(r.pushAfterCommit)}; first to last push ${span.toFixed(2)} s${span > 0 ? ` (${(r.pushes.length / span).toFixed(0)} pushes/s)` : ''}`,
    );
  } else lines.push(`  Push: ${r.pushes.length} (none expected: no subscriptions)`);
  if (SMTP) lines.push(`  Mail at the SMTP stand-in: ${r.smtp.length}/${r.mailExpected}; confirming fix -> received: ${ms(r.smtpLatency)}`);
  for (const j of r.jobs) lines.push(`  Jobs ${j.kind}: ${j.done} done, ${j.pending} pending, ${j.failed} failed; enqueued -> finished: ${ms(j.queueToFinish)}`);
  lines.push(`  Waited ${r.drainSeconds.toFixed(1)} s after the load for the last notifications.`);
  return lines;
}

try {
  console.log(
    `Alarm fan-out: ${DEVICES} devices, ${walkers.length} walkers (every ${WALKER_EVERY}th) confirm their exit in round ${ROUNDS - TAIL_ROUNDS} of ${ROUNDS} (${TAIL_ROUNDS} more rounds of load follow), ${CONCURRENCY} requests in flight, API nodes ${NODES}.`,
    `\nPush stand-in: tests/support/push-service.ts in a process of its own (VAPID verified as each push comes, each token once; every payload decrypted after the load, as no real push service decrypts); SMTP stand-in: ${SMTP ? 'on' : 'off (BENCH_SMTP=1 turns it on)'}.`,
  );
  // The fan-out first: a second server in this process runs with a warmer JIT, which the baseline gets.
  const fanout = await runOnce('fanout', false);
  const owner = await runOnce('owner', true);
  const floorRate = owner.floor!.rate;
  const push99 = fanout.pushLatency?.p99 ?? Infinity;
  const mail99 = fanout.mailQueued?.p99 ?? Infinity;
  const allIn = fanout.pushes.length === fanout.pushExpected && fanout.mailRows === fanout.mailExpected;
  console.log(
    [
      '',
      ...describe(fanout),
      '',
      ...describe(owner),
      '',
      `Bulk INSERT floor:                 ${owner.floor!.rows} rows = ${floorRate.toFixed(0)} rows/s`,
      `Ratio fan-out / floor:             ${(fanout.rate / floorRate).toFixed(2)}`,
      `Ratio owner only / floor:          ${(owner.rate / floorRate).toFixed(2)}`,
      `Ratio fan-out / owner only:        ${(fanout.rate / owner.rate).toFixed(2)} (ingest throughput kept under the full fan-out)`,
      `Aim (issue 16): p99 under ${AIM_P99_MS} ms with ingest at least ${AIM_RATE} positions/s:`,
      `  push p99 ${Number.isFinite(push99) ? push99.toFixed(0) : 'n/a'} ms, mail p99 ${Number.isFinite(mail99) ? mail99.toFixed(0) : 'n/a'} ms, all ${fanout.pushExpected + fanout.mailExpected} arrived: ${allIn ? 'yes' : 'no'}, ingest ${fanout.rate.toFixed(0)} positions/s: ${push99 < AIM_P99_MS && mail99 < AIM_P99_MS && allIn && fanout.rate >= AIM_RATE ? 'met' : 'MISSED'}`,
      '',
    ].join('\n'),
  );
} finally {
  await ask({ type: 'stop' });
}
