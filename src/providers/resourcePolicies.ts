import { POLICY_CHILDREN } from '../../common/policies';
import { routeOfResource } from '../routing/findRoute';

/**
 * Which ABP policy guards a react-admin resource and action (canAccess). A resource is named by a
 * route key ('identityUsers'), its path with or without the slash ('identity-management/users'),
 * a name registered by the schema engine, or a policy name itself ('AbpIdentity.Users').
 * Actions: create/clone -> '.Create', edit -> '.Update', delete -> '.Delete', anything else
 * (list, show, export, access) -> the resource policy.
 */
const registered = new Map<string, string>();

/** Lets code that defines resources at run time (the schema engine) name their policy. */
export function registerResourcePolicy(resource: string, policy: string): void {
  registered.set(resource, policy);
}

/** 'Saas.Tenants', 'Vigil.Devices.Create': dotted PascalCase segments. */
const POLICY_NAME = /^[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)+$/;

/**
 * The resource's policy; null when it is known and open to every signed-in user; undefined when
 * the resource is unknown.
 */
export function policyForResource(resource: string): string | null | undefined {
  const fromRegistry = registered.get(resource);
  if (fromRegistry) return fromRegistry;
  const route = routeOfResource(resource);
  if (route) return route.policy ?? null;
  return POLICY_NAME.test(resource) ? resource : undefined;
}

const ACTION_SUFFIX: Readonly<Record<string, string>> = {
  create: 'Create',
  clone: 'Create',
  edit: 'Update',
  update: 'Update',
  delete: 'Delete',
};

export function policyForAction(policy: string, action: string): string {
  const suffix = ACTION_SUFFIX[action];
  if (!suffix) return policy;
  // ABP's language management names its update policy '.Edit' (POLICY_CHILDREN says which do).
  const children = POLICY_CHILDREN[policy];
  if (suffix === 'Update' && children?.includes('Edit') && !children.includes('Update')) return `${policy}.Edit`;
  return `${policy}.${suffix}`;
}

/**
 * Whether granted policies allow `action` on `resource`. Resources without a policy, and ones this
 * table does not know, are allowed: the UI hides what it knows to be denied, the server enforces
 * every policy regardless.
 */
export function isAllowed(granted: Readonly<Record<string, boolean>>, resource: string, action: string): boolean {
  const policy = policyForResource(resource);
  if (!policy) return true;
  return granted[policyForAction(policy, action)] === true;
}
