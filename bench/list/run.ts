/**
 * List bench: one paged, sorted, filtered device list call over HTTP (the real server, a signed-in
 * tenant user, keep-alive), against the same SQL run directly with node-postgres on the same
 * database in the same run: 1,000,000 devices across 1,000 tenants on PostgreSQL. Prints
 * percentiles and ratios; not a timed test. Run: npm run bench:list
 * (TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch
 * database is created there and dropped at the end).
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { startServer, type TestServer } from '../../tests/support/server';
import { tokensFor } from '../../tests/support/sign-in';
import { createTenantUser } from '../../tests/support/fixtures';
import { loadIssuerSecrets, publicJwks } from '../../server/oidc/secrets';
import { API_AUDIENCE, issuerUrl } from '../../server/oidc/provider';
import { captureStatements, closePool, explain, percentile, time, type Statement } from './measure';
import { FILTER_WORD, seedDevices } from './seed';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TENANTS = 1000;
const DEVICES_PER_TENANT = 1000;
const WARM_UP = 50;
const REQUESTS = 500;
const AIM_P95_MS = 25;
const AIM_RATIO = 2;
const POLICY = 'Vigil.Devices';
const ENDPOINT = '/api/app/productInstance';
const LIST_PARAMS = { SkipCount: '20', MaxResultCount: '20', Sorting: 'name desc', status: 'online', Filter: FILTER_WORD };

const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const isList = (s: Statement) => /\bfrom "devices"/i.test(s.text);
/** 'count query' and 'page query' on devices; '<table> query' for the others. */
const labelOf = (s: Statement) =>
  isList(s) ? (/count\(\*\)/i.test(s.text) ? 'count query' : 'page query') : `${/\bfrom "(\w+)"/i.exec(s.text)?.[1] ?? 'other'} query`;

/** Seeds the scratch database and signs in a user of one tenant: its access token. */
async function setUp(server: TestServer): Promise<string> {
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const tenantIds = await seedDevices(client, TENANTS, DEVICES_PER_TENANT);
    const { rows } = await client.query<{ n: string }>('select count(*) as n from devices');
    console.log(`Seeded ${TENANTS} tenants and ${Number(rows[0]!.n).toLocaleString('en')} devices in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const tenantId = tenantIds[Math.floor(tenantIds.length / 2)]!;
    const user = await createTenantUser(server.database.db, { tenantId, userName: 'bench-list', role: 'device-viewer', policies: [POLICY] });
    const tokens = await tokensFor(server.url, user.userName, user.password);
    return tokens.access_token;
  } finally {
    await client.end();
  }
}

/** Waits (up to 5 s) until no session is connected to the database of `url`. */
async function untilUnused(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [new URL(url).pathname.slice(1)]);
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  const host = new URL(DATABASE_URL).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`the bench writes a million rows: give it a PostgreSQL on this machine, not ${host}`);
  console.log(`Starting the server on a scratch database of ${DATABASE_URL} and seeding it…`);
  const server = await startServer(DATABASE_URL, { seedDemo: false, logLevel: 'silent' });
  const pool = new pg.Pool({ connectionString: server.config.databaseUrl, max: 10 });
  try {
    const token = await setUp(server);
    const listUrl = `${server.url}${ENDPOINT}?${new URLSearchParams(LIST_PARAMS)}`;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const list = async (): Promise<string> => {
      const res = await fetch(listUrl, { headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${ENDPOINT} answered ${res.status}: ${body.slice(0, 300)}`);
      return body;
    };

    // The SQL the engine issues for this call, captured from the driver: the count and the page.
    let page: { totalCount: number; items: unknown[] } = { totalCount: 0, items: [] };
    const issued = await captureStatements(async () => {
      page = JSON.parse(await list()) as typeof page;
    });
    const listSql = issued.filter(isList);
    if (listSql.length === 0) throw new Error('captured no query on devices');
    const direct = () => Promise.all(listSql.map((s) => pool.query(s.text, s.values)));

    console.log(`\nGET ${ENDPOINT}?${new URLSearchParams(LIST_PARAMS)}`);
    console.log(`  one tenant's ${DEVICES_PER_TENANT} devices: totalCount ${page.totalCount}, ${page.items.length} items on the page`);
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
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      for (const name of i % 2 === 0 ? names : [...names].reverse()) {
        const elapsed = await time(cases[name]!);
        if (i >= WARM_UP) samples[name]!.push(elapsed);
      }
    }
    const api = samples.api!;
    const sqlOnly = samples.sql!;

    const row = (name: string, values: number[]) =>
      console.log(`  ${name.padEnd(32)} ${[50, 95, 99].map((p) => ms(percentile(values, p)).padStart(10)).join('')}`);
    console.log(`\n${REQUESTS} sequential calls of each, interleaved, after ${WARM_UP} warm-up rounds:`);
    console.log(`  ${''.padEnd(32)} ${['p50', 'p95', 'p99'].map((p) => p.padStart(10)).join('')}`);
    row('API over HTTP (keep-alive)', api);
    row(`same SQL direct (${listSql.length} in parallel)`, sqlOnly);
    const ratio50 = percentile(api, 50) / percentile(sqlOnly, 50);
    const ratio95 = percentile(api, 95) / percentile(sqlOnly, 95);
    console.log(`  ${'API / SQL'.padEnd(32)} ${`${ratio50.toFixed(2)}x`.padStart(10)}${`${ratio95.toFixed(2)}x`.padStart(10)}`);
    console.log('\nParts, each on its own (the statements run directly; the API runs all but count and page one after another):');
    for (const name of names.slice(2)) row(name, samples[name]!);

    console.log('\nAims:');
    console.log(`  API p95 < ${AIM_P95_MS} ms: ${ms(percentile(api, 95))}  ${verdict(percentile(api, 95) < AIM_P95_MS)}`);
    console.log(`  API / SQL <= ${AIM_RATIO}x: p50 ${ratio50.toFixed(2)}x ${verdict(ratio50 <= AIM_RATIO)}, p95 ${ratio95.toFixed(2)}x ${verdict(ratio95 <= AIM_RATIO)}`);

    for (const s of listSql) {
      const plan = await explain(pool, s);
      console.log(`\nEXPLAIN ANALYZE, ${labelOf(s)}: ${ms(plan.ms)}, ${plan.indexes.length ? `index ${[...new Set(plan.indexes)].join(', ')}` : 'NO index (sequential scan)'}`);
      for (const line of plan.nodes) console.log(`  ${line}`);
    }
  } finally {
    await closePool(pool);
    // stop() drops the database at once, while the server's pool may still be closing connections
    // (pool.end() does not wait, and the pool has no 'error' listener): close, wait, then stop.
    await server.close();
    await untilUnused(server.config.databaseUrl);
    await server.stop();
  }
}

await main();
