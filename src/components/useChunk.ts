import { useEffect, useState } from 'react';

/** A code-split module loaded once, which says synchronously whether it is in. */
export interface Chunk<T> {
  /** The module, once loaded. */
  loaded(): T | null;
  /** Starts loading it (once). */
  load(): Promise<T>;
}

export function chunk<T>(load: () => Promise<T>): Chunk<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    loaded: () => value,
    load: () => (loading ??= load().then((module) => (value = module))),
  };
}

/**
 * The chunk's module once it is in, else null (and it starts loading when `wanted`). Without
 * Suspense, for small parts that have something to show meanwhile (an icon, a closed menu): a
 * Suspense boundary holds back every reveal in the app for 300 ms after its fallback shows or
 * hides (React 19), so one icon's chunk would delay the page's own content.
 */
export function useChunk<T>(of: Chunk<T>, wanted = true): T | null {
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (!wanted || of.loaded()) return;
    let live = true;
    void of.load().then(() => live && setArrived(true));
    return () => {
      live = false;
    };
  }, [of, wanted]);
  return wanted ? of.loaded() : null;
}
