import { FEATURES } from '../../common/features';
import type { Db } from '../db/database';

/** Feature values of a tenant: its own ('T' provider) over the defaults. The host gets defaults. */
export async function featureValues(db: Db, tenantId: string | null): Promise<Record<string, string>> {
  const values: Record<string, string> = Object.fromEntries(Object.values(FEATURES).map((f) => [f.name, f.defaultValue]));
  if (!tenantId) return values;
  const rows = await db.selectFrom('feature_values').select(['name', 'value']).where('provider_name', '=', 'T').where('provider_key', '=', tenantId).execute();
  for (const row of rows) values[row.name] = row.value;
  return values;
}
