import type { ComponentType } from 'react';
import { i18n } from '../i18n';
import { lazyComponent, type LazyComponent } from '../routing/lazyComponent';

/**
 * A lazily loaded screen whose texts arrive with its code: the chunk and the i18next namespaces
 * its words live in load together, so its first render is in words, never in keys (with
 * useSuspense off, react-i18next renders the bare key while a namespace is still on its way, which
 * a phone on a slow line shows for a moment as "tenants.title"). A later language change reloads
 * every loaded namespace before it takes effect, so the screen stays in words then too.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: readonly string[]): LazyComponent<P> {
  return lazyComponent(() => Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(([module]) => module));
}
