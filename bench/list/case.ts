import { createLocalJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { captureStatements, createTenantUser, startServer, tokensFor, type Statement, type TestServer } from '../support/from-tests';
import { BENCH_DATABASE_URL, closePool, untilUnused } from '../support/database';
import { percentile } from '../support/measure';
import { loadIssuerSecrets, publicJwks } from '../../server/oidc/secrets';
import { API_AUDIENCE, issuerUrl } from '../../server/oidc/provider';
import { explain, time } from './measure';
import { seedDevices } from './seed';

/** One bench case: a database of `tenants` x `perTenant` devices and the list call to time on it. */
export interface ListCase {
  title: string;
  tenants: number;
  perTenant: number;
  params: Record<string, string>;
  aimP95Ms: number;
  aimRatio: number;
  warmUp: number;
  requests: number;
  /** Other Filter values timed on the same database with fewer calls, without an aim; on another list when `endpoint` is given. */
  otherFilters?: { label: string; filter: string; requests: number; endpoint?: string }[];
}

export interface CaseResult {
  title: string;
  p95: number;
  ratio50: number;
  ratio95: number;
  ok: boolean;
}

const POLICY = 'Vigil.Devices';
const ENDPOINT = '/api/app/productInstance';

export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const isList = (s: Statement) => /\bfrom "devices"/i.test(s.text);
/** 'count query' and 'page query' on devices; '<table> query' for the others. */
const labelOf = (s: Statement) =>
  isList(s) ? (/count\(\*\)/i.test(s.text) ? 'count query' : 'page query') : `${/\bfrom "(\w+)"/i.exec(s.text)?.[1] ?? 'other'} query`;
const row = (name: string, values: number[]) =>
  console.log(`  ${name.padEnd(32)} ${[50, 95, 99].map((p) => ms(percentile(values, p)).padStart(10)).join('')}`);

/** Seeds the scratch database and signs in a user of one tenant: its access token. */
async function setUp(server: TestServer, spec: ListCase): Promise<string> {
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const tenantIds = await seedDevices(client, spec.tenants, spec.perTenant);
    const { rows } = await client.query<{ n: string }>('select count(*) as n from devices');
    console.log(`Seeded ${spec.tenants.toLocaleString('en')} tenant(s) and ${Number(rows[0]!.n).toLocaleString('en')} devices in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const tenantId = tenantIds[Math.floor(tenantIds.length / 2)]!;
    const user = await createTenantUser(server.database.db, { tenantId, userName: 'bench-list', role: 'device-viewer', policies: [POLICY] });
    const tokens = await tokensFor(server.url, user.userName, user.password);
    return tokens.access_token;
  } finally {
    await client.end();
  }
}

/** Calls `GET endpoint?params` with the token; the body, or an error naming the status. */
function lister(server: TestServer, token: string, params: Record<string, string>, endpoint = ENDPOINT) {
  const listUrl = `${server.url}${endpoint}?${new URLSearchParams(params)}`;
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
  return async (): Promise<string> => {
    const res = await fetch(listUrl, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };
}

/** The SQL the server issues for one call, captured from the driver, and the call's answer. */
async function capture(list: () => Promise<string>): Promise<{ issued: Statement[]; page: { totalCount: number; items: unknown[] } }> {
  let page: { totalCount: number; items: unknown[] } = { totalCount: 0, items: [] };
  const issued = await captureStatements('postgres', async () => {
    page = JSON.parse(await list()) as typeof page;
  });
  if (!issued.some(isList)) throw new Error('captured no query on devices');
  return { issued, page };
}

async function printPlans(pool: pg.Pool, statements: Statement[]): Promise<void> {
  for (const s of statements) {
    const plan = await explain(pool, s);
    console.log(`\nEXPLAIN ANALYZE, ${labelOf(s)}: ${ms(plan.ms)}, ${plan.indexes.length ? `index ${[...new Set(plan.indexes)].join(', ')}` : 'NO index (sequential scan)'}`);
    for (const line of plan.nodes) console.log(`  ${line}`);
  }
}

/**
 * Starts the real server on a scratch database, seeds it, and times the list call over HTTP (a
 * signed-in tenant user, keep-alive) against the same SQL run directly with node-postgres, in the
 * same loop. Prints percentiles, ratios and plans; returns the figures the aims are about.
 */
export async function runCase(spec: ListCase): Promise<CaseResult> {
  console.log(`\n=== ${spec.title} ===`);
  console.log(`Starting the server on a scratch database of ${BENCH_DATABASE_URL} and seeding it…`);
  const server = await startServer(BENCH_DATABASE_URL, { seedDemo: false, logLevel: 'silent' });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 10 });
  try {
    const token = await setUp(server, spec);
    const list = lister(server, token, spec.params);
    const { issued, page } = await capture(list);
    const listSql = issued.filter(isList);
    const direct = () => Promise.all(listSql.map((s) => pool.query(s.text, s.values)));

    console.log(`\nGET ${ENDPOINT}?${new URLSearchParams(spec.params)}`);
    console.log(`  one tenant's ${spec.perTenant.toLocaleString('en')} devices: totalCount ${page.totalCount}, ${page.items.length} items on the page`);
    console.log(`  statements per call, in order (${issued.length}; "same SQL direct" below is count and page):`);
    for (const s of issued) console.log(`    ${labelOf(s).padEnd(24)} ${s.text.replace(/\s+/g, ' ').slice(0, 100)}…`);

    // Where the API's extra time goes, measured in the same loop: the HTTP round trip alone (an
    // anonymous route), the access token's verification as the server does it, and each statement.
    const keys = createLocalJWKSet(publicJwks((await loadIssuerSecrets(server.database.db)).jwks));
    const verifyOptions = { issuer: issuerUrl(server.config), audience: API_AUDIENCE, algorithms: ['RS256'], typ: 'at+jwt' };
    const cases: Record<string, () => Promise<unknown>> = {
      api: list,
      sql: direct,
      'HTTP round trip, anonymous': async () => (await fetch(`${server.url}/api/runtime-config`)).text(),
      'access token verify (jose)': () => jwtVerify(token, keys, verifyOptions),
      ...Object.fromEntries(issued.map((s) => [labelOf(s), () => pool.query(s.text, s.values)])),
    };
    const names = Object.keys(cases);
    const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    // Round robin, every other round in reverse, so no case always runs on a cache another warmed.
    for (let i = 0; i < spec.warmUp + spec.requests; i++) {
      for (const name of i % 2 === 0 ? names : [...names].reverse()) {
        const elapsed = await time(cases[name]!);
        if (i >= spec.warmUp) samples[name]!.push(elapsed);
      }
    }
    const api = samples.api!;
    const sqlOnly = samples.sql!;

    console.log(`\n${spec.requests} sequential calls of each, interleaved, after ${spec.warmUp} warm-up rounds:`);
    console.log(`  ${''.padEnd(32)} ${['p50', 'p95', 'p99'].map((p) => p.padStart(10)).join('')}`);
    row('API over HTTP (keep-alive)', api);
    row(`same SQL direct (${listSql.length} in parallel)`, sqlOnly);
    const ratio50 = percentile(api, 50) / percentile(sqlOnly, 50);
    const ratio95 = percentile(api, 95) / percentile(sqlOnly, 95);
    console.log(`  ${'API / SQL'.padEnd(32)} ${`${ratio50.toFixed(2)}x`.padStart(10)}${`${ratio95.toFixed(2)}x`.padStart(10)}`);
    console.log('\nParts, each on its own (the statements run directly; the API runs all but count and page one after another):');
    for (const name of names.slice(2)) row(name, samples[name]!);

    const p95 = percentile(api, 95);
    const ok = p95 < spec.aimP95Ms && ratio50 <= spec.aimRatio && ratio95 <= spec.aimRatio;
    console.log('\nAims:');
    console.log(`  API p95 < ${spec.aimP95Ms} ms: ${ms(p95)}  ${verdict(p95 < spec.aimP95Ms)}`);
    console.log(`  API / SQL <= ${spec.aimRatio}x: p50 ${ratio50.toFixed(2)}x ${verdict(ratio50 <= spec.aimRatio)}, p95 ${ratio95.toFixed(2)}x ${verdict(ratio95 <= spec.aimRatio)}`);
    await printPlans(pool, listSql);

    for (const other of spec.otherFilters ?? []) await timeOtherFilter(server, pool, token, spec, other);
    return { title: spec.title, p95, ratio50, ratio95, ok };
  } finally {
    await closePool(pool);
    // stop() drops the database at once, while the server's pool may still be closing connections
    // (pool.end() does not wait, and the pool has no 'error' listener): close, wait, then stop.
    await server.close();
    await untilUnused(server.config.databaseUrl);
    await server.stop();
  }
}

/** The same list with another Filter: API and same SQL, a few calls each, and the plans. */
async function timeOtherFilter(server: TestServer, pool: pg.Pool, token: string, spec: ListCase, other: NonNullable<ListCase['otherFilters']>[number]) {
  const list = lister(server, token, { ...spec.params, Filter: other.filter }, other.endpoint);
  const { issued, page } = await capture(list);
  const listSql = issued.filter(isList);
  const api: number[] = [];
  const sqlOnly: number[] = [];
  for (let i = 0; i < 5 + other.requests; i++) {
    const a = await time(list);
    const s = await time(() => Promise.all(listSql.map((q) => pool.query(q.text, q.values))));
    if (i < 5) continue;
    api.push(a);
    sqlOnly.push(s);
  }
  console.log(`\n${other.endpoint ? `${other.endpoint}, ` : ''}Filter=${other.filter} (${other.label}): totalCount ${page.totalCount}; ${other.requests} calls, no aim`);
  console.log(`  ${''.padEnd(32)} ${['p50', 'p95', 'p99'].map((p) => p.padStart(10)).join('')}`);
  row('API over HTTP (keep-alive)', api);
  row(`same SQL direct (${listSql.length} in parallel)`, sqlOnly);
  await printPlans(pool, listSql);
}
