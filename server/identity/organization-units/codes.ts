import type { Db } from '../../db/database';
import { columnIs, tenantIs } from '../../multitenancy/scope';

/**
 * ABP's organization unit codes: five digits per level joined by dots ('00001.00002'), so a
 * subtree is every code starting with its root's code and a dot, and sorting by code lists the
 * tree depth first.
 */
export const CODE_DIGITS = 5;
const MAX_CHILDREN = 10 ** CODE_DIGITS - 1;

export const childCode = (parentCode: string | null, n: number) => `${parentCode ? `${parentCode}.` : ''}${String(n).padStart(CODE_DIGITS, '0')}`;

/** The code after the last child's under a parent (null: the tenant's top level). */
export async function nextChildCode(db: Db, tenantId: string | null, parent: { id: string; code: string } | null): Promise<string> {
  const last = await db
    .selectFrom('organization_units')
    .select('code')
    .where(tenantIs('tenant_id', tenantId))
    .where(columnIs('parent_id', parent?.id ?? null))
    .orderBy('code', 'desc')
    .limit(1)
    .executeTakeFirst();
  const n = last ? Number(last.code.split('.').at(-1)) + 1 : 1;
  if (n > MAX_CHILDREN) throw new RangeError('too many organization units on one level');
  return childCode(parent?.code ?? null, n);
}

/** Whether `code` is `root` or below it. */
export const isWithin = (code: string, root: string) => code === root || code.startsWith(`${root}.`);
