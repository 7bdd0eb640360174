import { httpClient } from '../../../providers/httpClient';
import { ownTenantHeaders } from '../roles/tenantScope';

/** ABP's OrganizationUnitWithDetailsDto (the fields this screen reads). */
export interface Unit {
  id: string;
  /** The unit's tenant (null: the host's); its roles and members come from the same tenant. */
  tenantId: string | null;
  parentId: string | null;
  code: string;
  displayName: string;
  concurrencyStamp: string;
}

export interface NamedRole {
  id: string;
  name: string;
}

export interface Member {
  id: string;
  userName: string;
  name?: string | null;
  surname?: string | null;
  email?: string | null;
}

export const UNITS = '/api/identity/organization-units';
const unit = (id: string) => `${UNITS}/${encodeURIComponent(id)}`;

/** Options acting in `tenantId` (undefined: as the tenant filter says). */
const scoped = (tenantId: string | null | undefined, signal?: AbortSignal) => {
  const headers = ownTenantHeaders(tenantId);
  return { ...(headers ? { headers } : {}), ...(signal ? { signal } : {}) };
};

/** The units: of the tenant filter's choice, or of one tenant when `tenantId` is given (null: the host). */
export const fetchUnits = async (signal?: AbortSignal, tenantId?: string | null) => (await httpClient<{ items: Unit[] }>(`${UNITS}/all`, scoped(tenantId, signal))).json?.items ?? [];
/** A unit below `parent` is made in the parent's tenant; a top-level one where the tenant filter says (all tenants: the host). */
export const createUnit = (displayName: string, parent: Unit | null) =>
  httpClient<Unit>(UNITS, { method: 'POST', body: { displayName, parentId: parent?.id ?? null }, ...scoped(parent ? parent.tenantId : undefined) });
export const renameUnit = (u: Unit, displayName: string) => httpClient<Unit>(unit(u.id), { method: 'PUT', body: { displayName, concurrencyStamp: u.concurrencyStamp } });
export const moveUnit = (id: string, newParentId: string | null) => httpClient<Unit>(`${unit(id)}/move`, { method: 'PUT', body: { newParentId } });
export const deleteUnit = (id: string) => httpClient(unit(id), { method: 'DELETE' });

export const fetchUnitRoles = async (id: string, signal?: AbortSignal) =>
  (await httpClient<{ items: NamedRole[] }>(`${unit(id)}/roles`, { query: { MaxResultCount: 1000 }, ...(signal ? { signal } : {}) })).json?.items ?? [];
export const addUnitRole = (id: string, roleId: string) => httpClient(`${unit(id)}/roles`, { method: 'PUT', body: { roleIds: [roleId] } });
export const removeUnitRole = (id: string, roleId: string) => httpClient(`${unit(id)}/roles/${encodeURIComponent(roleId)}`, { method: 'DELETE' });

export const fetchMembers = async (id: string, signal?: AbortSignal) =>
  (await httpClient<{ items: Member[] }>(`${unit(id)}/members`, { query: { MaxResultCount: 1000 }, ...(signal ? { signal } : {}) })).json?.items ?? [];
export const addMember = (id: string, userId: string) => httpClient(`${unit(id)}/members`, { method: 'PUT', body: { userIds: [userId] } });
export const removeMember = (id: string, userId: string) => httpClient(`${unit(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

/** The roles a unit may hold: its own tenant's only, whatever the tenant filter shows. */
export const fetchRoles = async (tenantId: string | null, signal?: AbortSignal) => (await httpClient<{ items: NamedRole[] }>('/api/identity/roles/all', scoped(tenantId, signal))).json?.items ?? [];
/** The users who may join a unit: its own tenant's only. */
export const searchUsers = async (filter: string, tenantId: string | null, signal?: AbortSignal) =>
  (await httpClient<{ items: Member[] }>('/api/identity/users', { query: { filter, MaxResultCount: 20, Sorting: 'userName asc' }, ...scoped(tenantId, signal) })).json?.items ?? [];

/** The children of a unit (null: the top level), by display name. */
export const childrenOf = (units: readonly Unit[], parentId: string | null): Unit[] =>
  units.filter((u) => u.parentId === parentId).sort((a, b) => a.displayName.localeCompare(b.displayName));

/** Units a unit may move under: of its own tenant, not itself, nothing below it, not its current parent. */
export const moveTargets = (units: readonly Unit[], moving: Unit): Unit[] =>
  units.filter((u) => (u.tenantId ?? null) === (moving.tenantId ?? null) && u.id !== moving.id && !u.code.startsWith(`${moving.code}.`) && u.id !== moving.parentId);

export const memberName = (m: Member) => [m.name, m.surname].filter(Boolean).join(' ');
