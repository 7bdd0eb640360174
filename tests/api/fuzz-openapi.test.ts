import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { requestsFor, type FuzzRequest, type OpenApi } from '../support/openapi-arbitraries';
import { answerChecker } from '../support/openapi-answers';

/**
 * Every operation of the OpenAPI description, called as the host administrator with requests
 * fast-check makes from its parameter and body schemas and hostile values (NUL, numbers no column
 * holds, odd unicode, very long text, wrong types). Nothing may answer 5xx, and a request that
 * fails must leave every table as it was, and every answer must be one the operation declares: its
 * status, and a body matching the schema declared for it (tests/support/openapi-answers.ts). FUZZ_RUNS requests per operation (default 3, about a
 * minute in all); FUZZ_SEED repeats a run (FUZZ_SEED=random for a new one). Sequential, so admission control never answers 503.
 * PGlite only unless FUZZ_POSTGRES=1 (on PostgreSQL the table snapshots double the time).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
// A fixed seed by default, so CI is repeatable; FUZZ_SEED=random explores (a failure prints its seed).
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 20261124);
const DATABASES_FUZZED = process.env.FUZZ_POSTGRES ? DATABASES : DATABASES.filter((d) => d.name === 'pglite');

/** Operations left out: they would end the administrator's session or take the demo away, not find a bug. */
const SKIPPED = new Set([
  'POST /api/plugandplay/profile/delete-user', // deletes the caller
  'POST /api/plugandplay/profile/change-password', // the caller's password
  'POST /api/account/my-profile/change-password', // the caller's password
  'PUT /api/permission-management/permissions', // may take the administrator's permissions away
  'DELETE /api/saas/tenants/{id}', // tenant deletion
  'POST /api/plugandplay/profile/transfer-user-1/{recipient}', // hands the caller's account away
  'GET /api/app/tracking/live', // an event stream: it never ends (tests/api/alarms-live.test.ts)
]);

/**
 * Tables a failed request writes on purpose (the audit trail, the security log, throttles and the
 * OsmAnd ring), and the job queue, which the node's background worker writes at any time.
 */
const WRITTEN_WHEN_REFUSED = /^(audit_|security_log|sign_in|rate_limits|kysely_|device_messages|oidc_|mail_limit|jobs$)/;

describe.each(DATABASES_FUZZED)('fuzzing every OpenAPI operation on $name', ({ url }) => {
  let server: TestServer;
  let token: string;
  let doc: OpenApi;
  let tables: string[];
  beforeAll(async () => {
    server = await startServer(url);
    token = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
    doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as OpenApi;
    // A partition's rows are in its partitioned table's checksum already: each is read once.
    const rows = await sql<{ name: string }>`
      select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by 1`.execute(server.database.db);
    tables = rows.rows.map((r) => r.name).filter((t) => !WRITTEN_WHEN_REFUSED.test(t));
  }, 120_000);
  afterAll(async () => server?.stop());

  /** One checksum per table (every row's text, in order), in one statement. */
  const snapshot = async (): Promise<Map<string, string>> => {
    const parts = tables.map((t) => `select '${t}' as name, md5(coalesce(string_agg(md5(x::text), ',' order by md5(x::text)), '')) as sum from "${t}" x`);
    const rows = await sql<{ name: string; sum: string }>`${sql.raw(parts.join(' union all '))}`.execute(server.database.db);
    return new Map(rows.rows.map((r) => [r.name, r.sum]));
  };
  const changed = (a: Map<string, string>, b: Map<string, string>) => [...a].filter(([name, sum]) => b.get(name) !== sum).map(([name]) => name);

  const send = async (r: FuzzRequest) => {
    const query = new URLSearchParams(r.query).toString();
    const res = await fetch(`${server.url}${r.path}${query ? `?${query}` : ''}`, {
      method: r.method,
      headers: { authorization: `Bearer ${token}`, ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it('answers no 5xx and leaves no partial write', async () => {
    const failures: string[] = [];
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const check = answerChecker(doc);
    for (const { method, path, op } of operations) {
      if (SKIPPED.has(`${method} ${path}`)) continue;
      const property = fc.asyncProperty(requestsFor(doc, method, path, op), async (request) => {
        const before = method === 'GET' ? undefined : await snapshot();
        const answer = await send(request);
        if (answer.status >= 500) throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
        const unlike = check(method, path, op, answer.status, answer.type, answer.text);
        if (unlike) throw new Error(unlike);
        if (before && answer.status >= 400) {
          const tablesChanged = changed(before, await snapshot());
          if (tablesChanged.length) throw new Error(`${answer.status} but changed ${tablesChanged.join(', ')}`);
        }
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? ` <- ${err.cause.message}` : '';
        failures.push(`${method} ${path}: ${err instanceof Error ? err.message.slice(0, 800) : String(err)}${cause}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
