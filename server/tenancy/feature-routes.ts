import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FEATURES } from '../../common/features';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import type { ValidationError } from '../http/errors';
import { translate } from '../localization/texts';
import { invalid } from '../http/body-validation';
import { refuseTenantUsers } from '../permissions/host-only';
import { canonicalFeatureValue, featureValues, findFeature, MAX_FEATURE_NUMBER, type FeatureDefinition, type FeatureKey } from './features';
import { requireTenant } from './tenants';
import { type Api, NOT_FOUND } from '../http/route-schemas';
import { FEATURE_LIST, FEATURE_QUERY, FEATURE_UPDATE_BODY, NO_CONTENT } from './route-schemas';

const ENDPOINT = '/api/feature-management/features';
const POLICY = `${POLICIES.tenants}.ManageFeatures`;
/** Only tenant features exist here (no editions): provider 'T', key the tenant id. */
const TENANT_PROVIDER = 'T';

/** ABP's value type descriptions: a toggle for flags, free text with a numeric validator for numbers. */
function valueType(feature: FeatureDefinition) {
  return feature.valueType === 'boolean'
    ? { name: 'ToggleStringValueType', properties: {}, validator: { name: 'BOOLEAN', properties: {} } }
    : { name: 'FreeTextStringValueType', properties: {}, validator: { name: 'NUMERIC', properties: { MinValue: 0, MaxValue: MAX_FEATURE_NUMBER } } };
}

/**
 * ABP feature management for tenants, host users only: GET the features with their values and
 * where each value comes from ('T' the tenant's own, 'D' the default), PUT `{features:[{name,
 * value}]}` (a value equal to the default, or null, goes back to the default), DELETE resets all.
 */
export async function featureRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['features'];

  /** The tenant named by providerKey (the schema asks for providerName T): 404 for no tenant. */
  const tenantOf = async (request: FastifyRequest, query: { providerKey?: string }): Promise<string> => (await requireTenant(db, query.providerKey ?? '', request.language)).id;

  const ownValues = async (executor: Db, tenantId: string) => {
    const rows = await executor.selectFrom('feature_values').select(['name', 'value']).where('provider_name', '=', TENANT_PROVIDER).where('provider_key', '=', tenantId).execute();
    return Object.fromEntries(rows.map((r) => [r.name, r.value])) as Record<string, string>;
  };

  app.get(ENDPOINT, { config: { policy: POLICY }, schema: { tags, summary: "A tenant's features", querystring: FEATURE_QUERY, response: { 200: FEATURE_LIST, ...NOT_FOUND } } }, async (request) => {
    const tenantId = await tenantOf(request, request.query);
    const own = await ownValues(db, tenantId);
    const values = await featureValues(db, tenantId);
    const lang = request.language;
    return {
      groups: [
        {
          name: 'Vigil',
          displayName: translate('features.group', lang),
          features: (Object.entries(FEATURES) as [FeatureKey, FeatureDefinition][]).map(([key, feature]) => ({
            name: feature.name,
            displayName: translate(`features.${key}`, lang),
            value: values[feature.name],
            provider: feature.name in own ? { name: TENANT_PROVIDER, key: tenantId } : { name: 'D', key: null },
            valueType: valueType(feature),
            depth: 0,
            parentName: null,
          })),
        },
      ],
    };
  });

  app.put(ENDPOINT, {
    config: { policy: POLICY },
    schema: { tags, summary: "Set a tenant's features", querystring: FEATURE_QUERY, body: FEATURE_UPDATE_BODY, response: { ...NO_CONTENT, ...NOT_FOUND } },
  }, async (request, reply) => {
    const tenantId = await tenantOf(request, request.query);
    const lang = request.language;
    const { features } = request.body;
    const problems: ValidationError[] = [];
    const changes = new Map<string, string | null>();
    for (const [i, { name, value }] of features.entries()) {
      const feature = findFeature(name);
      if (!feature) {
        problems.push({ message: translate('features.unknown', lang, { name: name.slice(0, 128) }), members: [`features[${i}].name`] });
        continue;
      }
      const canonical = value === null ? null : canonicalFeatureValue(feature, value);
      if (canonical === undefined) {
        const message = feature.valueType === 'boolean' ? translate('features.boolean', lang) : translate('features.number', lang, { max: MAX_FEATURE_NUMBER });
        problems.push({ message, members: [`features[${i}].value`] });
        continue;
      }
      // The default is no row: the tenant then follows a changed default.
      changes.set(feature.name, canonical === feature.defaultValue ? null : canonical);
    }
    if (problems.length) throw invalid(lang, problems);

    await db.transaction().execute(async (trx) => {
      const before = await ownValues(trx, tenantId);
      for (const [name, value] of changes) {
        const row = trx.deleteFrom('feature_values').where('provider_name', '=', TENANT_PROVIDER).where('provider_key', '=', tenantId).where('name', '=', name);
        if (value === null) await row.execute();
        else
          await trx
            .insertInto('feature_values')
            .values({ id: randomUUID(), name, value, provider_name: TENANT_PROVIDER, provider_key: tenantId })
            .onConflict((oc) => oc.columns(['provider_name', 'provider_key', 'name']).doUpdateSet({ value }))
            .execute();
      }
      const after = { ...before };
      for (const [name, value] of changes) {
        if (value === null) delete after[name];
        else after[name] = value;
      }
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('TenantFeatures', tenantId, before, after)] });
    });
    return reply.status(204).send();
  });

  app.delete(ENDPOINT, { config: { policy: POLICY }, schema: { tags, summary: "Reset a tenant's features to the defaults", querystring: FEATURE_QUERY, response: { ...NO_CONTENT, ...NOT_FOUND } } }, async (request, reply) => {
    const tenantId = await tenantOf(request, request.query);
    await db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('feature_values').where('provider_name', '=', TENANT_PROVIDER).where('provider_key', '=', tenantId).returning(['name', 'value']).execute();
      const before = Object.fromEntries(removed.map((r) => [r.name, r.value]));
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('TenantFeatures', tenantId, before, {})] });
    });
    return reply.status(204).send();
  });
}
