import type { ResourceProps } from 'react-admin';

/** What a hand-written `src/resources/<name>/index.ts` may export (as react-admin's demo does). */
export type ResourceParts = Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation'>;

const PARTS = ['list', 'create', 'edit', 'show', 'icon', 'recordRepresentation'] as const;

/** An override module's parts: named exports, or a default export object holding them. */
export function partsOf(module: Record<string, unknown>): ResourceParts {
  const source = (typeof module.default === 'object' && module.default !== null ? module.default : module) as Record<string, unknown>;
  const parts: Record<string, unknown> = {};
  for (const part of PARTS) if (source[part] !== undefined) parts[part] = source[part];
  return parts as ResourceParts;
}

/** The generated parts with the hand-written ones in place of those they name; the rest stays generated. */
export function mergeParts(generated: ResourceParts, override: ResourceParts): ResourceParts {
  const merged: ResourceParts = { ...generated };
  for (const part of PARTS) {
    if (override[part] !== undefined) (merged as Record<string, unknown>)[part] = override[part];
  }
  return merged;
}
