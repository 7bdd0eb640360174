import { ACTIONS, allPolicyNames } from '../../common/policies';
import type { ResourceSchema } from '../../common/schema/types';

/**
 * Every policy the server knows: the product's catalogue (common/policies.ts) plus each schema
 * resource's policy with its action children, so a resource added by a schema file is grantable
 * and appears in grantedPolicies without code.
 */
export function policyCatalogue(schemas: readonly ResourceSchema[]): string[] {
  const names = new Set(allPolicyNames());
  for (const schema of schemas) {
    const policy = schema['x-resource'].policy;
    names.add(policy);
    for (const action of ACTIONS) names.add(`${policy}.${action}`);
  }
  return [...names];
}
