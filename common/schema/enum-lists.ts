import { ALARM_TYPES } from '../alarm-kinds';
import type { PropertySchema, ResourceSchema } from './types';

/**
 * Lists a schema property may take its `enum` from (`"x-enum": "alarmKinds"`), so a value set
 * that code owns has one home: a new alarm kind is one registry entry (common/alarm-kinds.ts),
 * not also a line in schemas/alarm-texts.json.
 */
export const ENUM_LISTS = {
  alarmKinds: ALARM_TYPES,
} as const satisfies Record<NonNullable<PropertySchema['x-enum']>, readonly string[]>;

export type EnumListName = keyof typeof ENUM_LISTS;

const isEnumListName = (name: unknown): name is EnumListName => typeof name === 'string' && Object.hasOwn(ENUM_LISTS, name);

/**
 * The schema with each `x-enum` replaced by the `enum` it names, as the engine, the generated
 * types and the served schemas see it. A property with both, or naming no list, is an error that
 * names the file.
 */
export function withEnumLists(schema: ResourceSchema, file: string): ResourceSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([field, property]) => {
      if (!('x-enum' in property)) return [field, property];
      const { 'x-enum': name, ...rest } = property;
      if (!isEnumListName(name)) throw new Error(`${file}: ${field}: x-enum '${String(name)}' is not one of ${Object.keys(ENUM_LISTS).join(', ')}`);
      if (rest.enum) throw new Error(`${file}: ${field}: has both enum and x-enum`);
      return [field, { ...rest, enum: [...ENUM_LISTS[name]] }];
    }),
  );
  return { ...schema, properties };
}
