import type pg from 'pg';

/** Danish first names and the ten most common surnames: a device is named after its wearer. */
const FIRST = ['Inger', 'Kirsten', 'Hanne', 'Grethe', 'Birgit', 'Karen', 'Else', 'Bente', 'Ruth', 'Lis',
  'Jens', 'Niels', 'Poul', 'Erik', 'Henning', 'Knud', 'Ole', 'Preben', 'Svend', 'Bent'];
const LAST = ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen'];
const TOWNS = ['Aarhus', 'Odense', 'Aalborg', 'Esbjerg', 'Randers', 'Kolding', 'Horsens', 'Vejle', 'Roskilde', 'Herning'];

/** A word of one surname in ten: the free-text filter the bench lists with. */
export const FILTER_WORD = 'Hansen';
/**
 * What a support desk types to find a watch in a big tenant: four digits of its IMEI. In one
 * tenant of a million devices it matches 300 IMEIs and 40 device ids (192 of them online), about
 * what FILTER_WORD matches in a tenant of 1,000.
 */
export const BIG_TENANT_FILTER = '4711';
/** A wearer's full name: one device in 200 (5,000 in a million, all in one stretch of the name order). */
export const NAME_FILTER = 'Inger Hansen';

const textArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;
/** One element of a literal array, picked by a uniform random number. */
const pick = (values: string[]) => `(${textArray(values)})[1 + floor(random() * ${values.length})::int]`;

/**
 * Fills the engine's `devices` table with `tenants` x `perTenant` devices in set-based SQL (one
 * statement per table). The engine's secondary indexes are dropped for the load and built again
 * from their own definitions afterwards, which is several times faster than maintaining them row
 * by row; then vacuum analyze, so autovacuum does not start in the middle of the measurement.
 * Returns the tenants' ids in creation order.
 */
export async function seedDevices(client: pg.Client, tenants: number, perTenant: number): Promise<string[]> {
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`select setseed(0.2026)`);

  const { rows: tenantRows } = await client.query<{ id: string }>(
    `insert into tenants (id, name, normalized_name, concurrency_stamp)
     select gen_random_uuid(), n, upper(n), gen_random_uuid()::text
     from (select (${textArray(TOWNS)})[1 + g % ${TOWNS.length}] || ' Home Care ' || g as n from generate_series(1, $1::int) g) t
     returning id`,
    [tenants],
  );

  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'devices' and indexname <> 'devices_pkey'`,
  );
  for (const i of indexes) await client.query(`drop index "${i.indexname}"`);

  // IMEI: '35' (a GSMA reporting body) and 13 digits unique per row. Status: 55 % online, seen in
  // the last ten minutes; offline ones up to a month ago. Created any time in the past year and
  // stored in creation order, so one tenant's rows are spread over the table as in a real one.
  await client.query(
    `insert into devices (id, tenant_id, creation_time, concurrency_stamp, name, imei, device_id, model, status,
                          subscription_status, battery_level, last_contact)
     select gen_random_uuid(), d.tenant_id, d.created, gen_random_uuid()::text,
            ${pick(FIRST)} || ' ' || ${pick(LAST)},
            '35' || lpad((row_number() over ())::text, 13, '0'),
            case when random() < 0.7 then 'VW-' || upper(substr(md5(random()::text), 1, 8)) end,
            ${pick(['rtos', 'l10', 'evi', 'watch4', 'tizen'])},
            d.status,
            case when random() < 0.9 then 'active' else 'paused' end,
            5 + floor(random() * 96)::int,
            now() - case when d.status = 'online' then random() * interval '10 minutes' else random() * interval '30 days' end
     from (select t.id as tenant_id, now() - random() * interval '365 days' as created,
                  case when random() < 0.55 then 'online' else 'offline' end as status
           from unnest($2::uuid[]) as t(id) cross join generate_series(1, $1::int) g) d
     order by d.created`,
    [perTenant, tenantRows.map((r) => r.id)],
  );

  for (const i of indexes) await client.query(i.indexdef);
  await client.query('vacuum analyze devices');
  await client.query('analyze tenants');
  return tenantRows.map((r) => r.id);
}
