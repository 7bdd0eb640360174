/**
 * The text overrides this process translates with: the `language_texts` rows for everyone, by
 * language folder and namespace ('da/account' -> key -> text). texts.ts reads them synchronously;
 * override-sync.ts replaces the whole snapshot when the database says they changed. One server per
 * process owns the snapshot (tests start servers one after another).
 */
export type OverrideTexts = ReadonlyMap<string, ReadonlyMap<string, string>>;

let texts: OverrideTexts = new Map();
let owner: symbol | undefined;
/** Bumped on every install, so caches built over the overrides know they are stale. */
let generation = 0;

export const overrideId = (folder: string, ns: string) => `${folder}/${ns}`;

export function overridesOf(folder: string, ns: string): ReadonlyMap<string, string> | undefined {
  return texts.get(overrideId(folder, ns));
}

export function overridesGeneration(): number {
  return generation;
}

/** Replaces the snapshot; `by` identifies the server that keeps it up to date. */
export function installOverrides(by: symbol, next: OverrideTexts): void {
  owner = by;
  texts = next;
  generation += 1;
}

/** Drops the snapshot when its server stops (unless another server has taken over). */
export function releaseOverrides(by: symbol): void {
  if (owner !== by) return;
  owner = undefined;
  texts = new Map();
  generation += 1;
}
