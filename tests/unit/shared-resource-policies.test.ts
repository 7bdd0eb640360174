import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGrantableIn, isHostOnlyPolicy, SHARED_RESOURCE_POLICIES } from '../../common/policies';
import type { ResourceSchema } from '../../common/schema/types';

const SCHEMAS_DIR = join(import.meta.dirname, '..', '..', 'schemas');
const TENANT = '00000000-0000-4000-8000-000000000001';

/** Every schema in schemas/ with scope 'shared': the provider writes its rows, every tenant reads them. */
const sharedPolicies = readdirSync(SCHEMAS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as ResourceSchema)
  .filter((schema) => schema['x-resource'].scope === 'shared')
  .map((schema) => schema['x-resource'].policy);

describe('shared resources: read in every tenant, written by the provider alone', () => {
  it('lists the policy of every schema whose scope is shared, and no other', () => {
    expect(sharedPolicies.length).toBeGreaterThan(0);
    expect([...SHARED_RESOURCE_POLICIES].sort()).toEqual([...sharedPolicies].sort());
  });

  it('keeps reading grantable in a tenant, and makes Create, Update and Delete the host\'s alone', () => {
    for (const policy of sharedPolicies) {
      expect(isHostOnlyPolicy(policy)).toBe(false);
      expect(isGrantableIn(policy, TENANT)).toBe(true);
      for (const action of ['Create', 'Update', 'Delete']) {
        expect(isHostOnlyPolicy(`${policy}.${action}`)).toBe(true);
        expect(isGrantableIn(`${policy}.${action}`, TENANT)).toBe(false);
        expect(isGrantableIn(`${policy}.${action}`, null)).toBe(true);
      }
    }
  });
});
