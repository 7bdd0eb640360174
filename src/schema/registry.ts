import type { ResourceSchema } from '../../common/schema/types';

/**
 * The schemas of this session's resources by name, for components that follow a reference to
 * another resource (its display field, whether the user may read it at all).
 */
let byName = new Map<string, ResourceSchema>();

export function setSchemas(schemas: readonly ResourceSchema[]): void {
  byName = new Map(schemas.map((schema) => [schema['x-resource'].name, schema]));
}

export const schemaOf = (resource: string): ResourceSchema | undefined => byName.get(resource);

export const isKnownResource = (resource: string): boolean => byName.has(resource);
