/**
 * List bench: one paged, sorted, filtered device list call over HTTP (the real server, a signed-in
 * tenant user, keep-alive), against the same SQL run directly with node-postgres on the same
 * database in the same run, in two cases on PostgreSQL: 1,000,000 devices across 1,000 tenants,
 * and 1,000,000 devices in one tenant (a municipality or distributor). Prints percentiles, ratios
 * and plans; not a timed test. Run: npm run bench:list
 * (TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a scratch
 * database is created there for each case and dropped at the end).
 */
import { ms, runCase, verdict, type CaseResult, type ListCase } from './case';
import { BENCH_DATABASE_URL } from '../support/database';
import { BIG_TENANT_FILTER, FILTER_WORD, NAME_FILTER } from './seed';

const CASES: ListCase[] = [
  {
    title: 'Case 1: 1,000,000 devices across 1,000 tenants',
    tenants: 1000,
    perTenant: 1000,
    params: { SkipCount: '20', MaxResultCount: '20', Sorting: 'name desc', status: 'online', Filter: FILTER_WORD },
    aimP95Ms: 25,
    aimRatio: 2,
    warmUp: 50,
    requests: 500,
  },
  {
    title: 'Case 2: 1,000,000 devices in one tenant',
    tenants: 1,
    perTenant: 1_000_000,
    params: { SkipCount: '20', MaxResultCount: '20', Sorting: 'name desc', status: 'online', Filter: BIG_TENANT_FILTER },
    aimP95Ms: 50,
    aimRatio: 2,
    warmUp: 50,
    requests: 500,
    otherFilters: [
      { label: 'a full name, 0.5 % of the tenant, sorted by name', filter: NAME_FILTER, requests: 50 },
      { label: "case 1's word, 10 % of the tenant", filter: FILTER_WORD, requests: 20 },
      // The back office's device stock: the same search, and the SIM card's ICCID beside it.
      { label: 'the device stock, name, IMEI, device ID or ICCID', filter: BIG_TENANT_FILTER, requests: 50, endpoint: '/api/app/productInstance/hostData' },
    ],
  },
];

async function main(): Promise<void> {
  const host = new URL(BENCH_DATABASE_URL).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`the bench writes a million rows: give it a PostgreSQL on this machine, not ${host}`);
  const results: CaseResult[] = [];
  for (const spec of CASES) results.push(await runCase(spec));
  console.log('\n=== Summary ===');
  for (const [i, r] of results.entries()) {
    const spec = CASES[i]!;
    console.log(`  ${r.title}: API p95 ${ms(r.p95)} (aim < ${spec.aimP95Ms} ms) ${verdict(r.p95 < spec.aimP95Ms)}; API / SQL p50 ${r.ratio50.toFixed(2)}x, p95 ${r.ratio95.toFixed(2)}x (aim <= ${spec.aimRatio}x) ${verdict(r.ratio50 <= spec.aimRatio && r.ratio95 <= spec.aimRatio)}`);
  }
}

await main();
