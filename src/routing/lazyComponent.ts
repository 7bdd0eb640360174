import { createElement, use, type ComponentType, type FunctionComponent } from 'react';
import { chunk } from '../components/useChunk';

export type LazyComponent<P> = FunctionComponent<P> & {
  /** Starts loading the chunk (once); resolves when it is in. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy that renders in the same pass once its chunk is in. React.lazy suspends on a
 * component's first render even when the chunk has long arrived (preloaded, or shared), and
 * React 19 reveals a suspended boundary no sooner than 300 ms after a fallback showed: each level
 * of lazy screens (the shell, its texts, the route's screen) held a page load back by up to 0.3 s.
 * With the chunks preloaded together (preloadRoute) and rendered without suspending, those steps
 * go; a chunk still on its way suspends as with React.lazy.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  const of = chunk(load);
  const Lazy = (props: P) => createElement((of.loaded() ?? use(of.load())).default, props);
  return Object.assign(Lazy, { preload: of.load });
}
