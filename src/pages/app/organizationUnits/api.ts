import { httpClient } from '../../../providers/httpClient';

/** ABP's OrganizationUnitWithDetailsDto (the fields this screen reads). */
export interface Unit {
  id: string;
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

export const fetchUnits = async (signal?: AbortSignal) => (await httpClient<{ items: Unit[] }>(`${UNITS}/all`, signal ? { signal } : {})).json?.items ?? [];
export const createUnit = (displayName: string, parentId: string | null) => httpClient<Unit>(UNITS, { method: 'POST', body: { displayName, parentId } });
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

export const fetchRoles = async (signal?: AbortSignal) => (await httpClient<{ items: NamedRole[] }>('/api/identity/roles/all', signal ? { signal } : {})).json?.items ?? [];
export const searchUsers = async (filter: string, signal?: AbortSignal) =>
  (await httpClient<{ items: Member[] }>('/api/identity/users', { query: { filter, MaxResultCount: 20, Sorting: 'userName asc' }, ...(signal ? { signal } : {}) })).json?.items ?? [];

/** The children of a unit (null: the top level), by display name. */
export const childrenOf = (units: readonly Unit[], parentId: string | null): Unit[] =>
  units.filter((u) => u.parentId === parentId).sort((a, b) => a.displayName.localeCompare(b.displayName));

/** Units a unit may move under: not itself, nothing below it, not its current parent. */
export const moveTargets = (units: readonly Unit[], moving: Unit): Unit[] =>
  units.filter((u) => u.id !== moving.id && !u.code.startsWith(`${moving.code}.`) && u.id !== moving.parentId);

export const memberName = (m: Member) => [m.name, m.surname].filter(Boolean).join(' ');
