import { partsOf, type ResourceParts } from './parts';

/**
 * Hand-written parts of schema resources: `src/resources/<name>/index.ts` exporting any of list,
 * create, edit, show, icon, recordRepresentation. Found at build time, loaded only for resources
 * the user has.
 */
const modules = import.meta.glob<Record<string, unknown>>('../resources/*/index.{ts,tsx}');

export function overrideLoader(resource: string): (() => Promise<Record<string, unknown>>) | undefined {
  return modules[`../resources/${resource}/index.ts`] ?? modules[`../resources/${resource}/index.tsx`];
}

/** The override's parts, or none. A module that fails to load leaves the generated screens in place. */
export async function loadOverride(resource: string): Promise<ResourceParts> {
  const load = overrideLoader(resource);
  if (!load) return {};
  try {
    return partsOf(await load());
  } catch (error) {
    console.error(`src/resources/${resource}: override not loaded`, error);
    return {};
  }
}
