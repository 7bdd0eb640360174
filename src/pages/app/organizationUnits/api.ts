import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { ownTenantHeaders } from '../roles/tenantScope';

/** ABP's OrganizationUnitWithDetailsDto; `tenantId` is the unit's tenant (null: the host's), whose roles and members it takes. */
export type Unit = AnswerOf<'/api/identity/organization-units/all'>['items'][number];
export type NamedRole = AnswerOf<'/api/identity/organization-units/{id}/roles'>['items'][number];
export type Member = AnswerOf<'/api/identity/organization-units/{id}/members'>['items'][number];

/** Options acting in `tenantId` (undefined: as the tenant filter says). */
const scoped = (tenantId: string | null | undefined, signal?: AbortSignal) => {
  const headers = ownTenantHeaders(tenantId);
  return { ...(headers ? { headers } : {}), signal };
};
/** Every role or member of a unit: a unit holds far fewer. */
const ALL = { MaxResultCount: 1000 };

/** The units: of the tenant filter's choice, or of one tenant when `tenantId` is given (null: the host). */
export const fetchUnits = async (signal?: AbortSignal, tenantId?: string | null) => (await api('get', '/api/identity/organization-units/all', scoped(tenantId, signal))).items;
/** A unit below `parent` is made in the parent's tenant; a top-level one where the tenant filter says (all tenants: the host). */
export const createUnit = (displayName: string, parent: Unit | null) =>
  api('post', '/api/identity/organization-units', { body: { displayName, parentId: parent?.id ?? null }, ...scoped(parent ? parent.tenantId : undefined) });
export const renameUnit = (u: Unit, displayName: string) => api('put', '/api/identity/organization-units/{id}', { params: { id: u.id }, body: { displayName, concurrencyStamp: u.concurrencyStamp } });
export const moveUnit = (id: string, newParentId: string | null) => api('put', '/api/identity/organization-units/{id}/move', { params: { id }, body: { newParentId } });
export const deleteUnit = (id: string) => api('delete', '/api/identity/organization-units/{id}', { params: { id } });

export const fetchUnitRoles = async (id: string, signal?: AbortSignal) => (await api('get', '/api/identity/organization-units/{id}/roles', { params: { id }, query: ALL, signal })).items;
export const addUnitRole = (id: string, roleId: string) => api('put', '/api/identity/organization-units/{id}/roles', { params: { id }, body: { roleIds: [roleId] } });
export const removeUnitRole = (id: string, roleId: string) => api('delete', '/api/identity/organization-units/{id}/roles/{roleId}', { params: { id, roleId } });

export const fetchMembers = async (id: string, signal?: AbortSignal) => (await api('get', '/api/identity/organization-units/{id}/members', { params: { id }, query: ALL, signal })).items;
export const addMember = (id: string, userId: string) => api('put', '/api/identity/organization-units/{id}/members', { params: { id }, body: { userIds: [userId] } });
export const removeMember = (id: string, userId: string) => api('delete', '/api/identity/organization-units/{id}/members/{memberId}', { params: { id, memberId: userId } });

/** The roles a unit may hold: its own tenant's only, whatever the tenant filter shows. */
export const fetchRoles = async (tenantId: string | null, signal?: AbortSignal) => (await api('get', '/api/identity/roles/all', scoped(tenantId, signal))).items;
/** The users who may join a unit: its own tenant's only. */
export const searchUsers = async (filter: string, tenantId: string | null, signal?: AbortSignal) =>
  (await api('get', '/api/identity/users', { query: { Filter: filter, MaxResultCount: 20, Sorting: 'userName asc' }, ...scoped(tenantId, signal) })).items;

/** The children of a unit (null: the top level), by display name. */
export const childrenOf = (units: readonly Unit[], parentId: string | null): Unit[] =>
  units.filter((u) => u.parentId === parentId).sort((a, b) => a.displayName.localeCompare(b.displayName));

/** Units a unit may move under: of its own tenant, not itself, nothing below it, not its current parent. */
export const moveTargets = (units: readonly Unit[], moving: Unit): Unit[] =>
  units.filter((u) => (u.tenantId ?? null) === (moving.tenantId ?? null) && u.id !== moving.id && !u.code.startsWith(`${moving.code}.`) && u.id !== moving.parentId);

export const memberName = (m: Member) => [m.name, m.surname].filter(Boolean).join(' ');
