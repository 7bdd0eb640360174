import type { Selectable } from 'kysely';
import type { ClaimTypesTable } from '../tables';

/** ABP's IdentityClaimValueType: the number is what the API and the table carry. */
export const VALUE_TYPES = ['String', 'Int', 'Boolean', 'DateTime'] as const;
export type ValueTypeName = (typeof VALUE_TYPES)[number];

/** A value type given as ABP's number (0-3) or its name in any case ('string', 'datetime'). */
export function parseValueType(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < VALUE_TYPES.length ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const index = VALUE_TYPES.findIndex((name) => name.toLowerCase() === value.trim().toLowerCase());
  return index >= 0 ? index : undefined;
}

/** Whether a regular expression compiles (claim type regexes are written by host staff). */
export function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Whether a claim value suits its type: the value type first, then the type's regex (ABP: a match anywhere). */
export function claimValueFits(type: Pick<Selectable<ClaimTypesTable>, 'value_type' | 'regex'>, value: string): boolean {
  const v = value.trim();
  switch (type.value_type) {
    case 1:
      if (!/^-?\d{1,10}$/.test(v) || Math.abs(Number(v)) > 2 ** 31) return false;
      break;
    case 2:
      if (!/^(true|false)$/i.test(v)) return false;
      break;
    case 3:
      if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v))) return false;
      break;
  }
  return !type.regex || new RegExp(type.regex, 'u').test(value);
}

export function claimTypeDto(row: Selectable<ClaimTypesTable>) {
  return {
    id: row.id,
    name: row.name,
    required: row.required,
    isStatic: row.is_static,
    regex: row.regex,
    regexDescription: row.regex_description,
    description: row.description,
    valueType: row.value_type,
    valueTypeAsString: VALUE_TYPES[row.value_type] ?? 'String',
    concurrencyStamp: row.concurrency_stamp,
    creationTime: row.creation_time,
  };
}
