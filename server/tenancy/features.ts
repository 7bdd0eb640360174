import { FEATURES } from '../../common/features';
import type { Db } from '../db/database';

export type FeatureKey = keyof typeof FEATURES;
export type FeatureDefinition = (typeof FEATURES)[FeatureKey];

/** The largest number a number feature takes (a device cap beyond this is a typo). */
export const MAX_FEATURE_NUMBER = 100_000;

/** Feature values of a tenant: its own ('T' provider) over the defaults. The host gets defaults. */
export async function featureValues(db: Db, tenantId: string | null): Promise<Record<string, string>> {
  const values: Record<string, string> = Object.fromEntries(Object.values(FEATURES).map((f) => [f.name, f.defaultValue]));
  if (!tenantId) return values;
  const rows = await db.selectFrom('feature_values').select(['name', 'value']).where('provider_name', '=', 'T').where('provider_key', '=', tenantId).execute();
  for (const row of rows) values[row.name] = row.value;
  return values;
}

export function findFeature(name: string): FeatureDefinition | undefined {
  return Object.values(FEATURES).find((f) => f.name === name);
}

/**
 * A value as stored (ABP sends strings: "5", "true"), or undefined when the feature's type refuses
 * it: numbers are whole numbers from 0 to MAX_FEATURE_NUMBER, flags true or false.
 */
export function canonicalFeatureValue(feature: FeatureDefinition, value: string | number | boolean): string | undefined {
  const text = String(value).trim();
  if (feature.valueType === 'boolean') return /^(true|false)$/i.test(text) ? text.toLowerCase() : undefined;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_FEATURE_NUMBER ? String(n) : undefined;
}

/**
 * Whether strangers may register into a tenant: the install's plug-and-play tenant
 * (PLUG_AND_PLAY_TENANT, or the demo tenant) always, as the operator chose it for that (close it
 * with Vigil.PlugAndPlay off); any other tenant only with Vigil.SelfRegistration on. (A value
 * equal to the default is not stored, so "off" cannot be told from "unset".)
 */
export async function selfRegistrationOpen(db: Db, tenantId: string, isPlugAndPlayTenant: boolean): Promise<boolean> {
  if (isPlugAndPlayTenant) return true;
  return (await featureValues(db, tenantId))[FEATURES.selfRegistration.name] === 'true';
}
