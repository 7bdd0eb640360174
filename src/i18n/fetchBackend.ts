import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

export interface FetchBackendOptions {
  /** URL of one namespace file for one language. */
  loadPath: (language: string, namespace: string) => string;
}

/**
 * Loads translation files with fetch, with the retry semantics of i18next-http-backend 2.7 (whose
 * browser build also carries a fetch polyfill, ~6 kB gzipped on every public page):
 * - 5xx answer or network failure: callback(error, true), so i18next's BackendConnector retries
 *   (maxRetries 5, from retryTimeout 350 ms doubling: 350, 700, 1400, 2800, 5600 ms);
 * - 4xx answer or a body that is not JSON: callback(error, false), no retry (SPEC section 8:
 *   "Translation loading retries only for 5xx or network failures").
 */
export class FetchBackend implements BackendModule<FetchBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend' as const;
  private loadPath: FetchBackendOptions['loadPath'] = (language, namespace) => `/locales/${language}/${namespace}.json`;

  init(_services: unknown, options: Partial<FetchBackendOptions> = {}): void {
    if (options.loadPath) this.loadPath = options.loadPath;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = this.loadPath(language, namespace);
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
          return;
        }
        let data: unknown;
        try {
          data = await response.json();
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, data as ResourceKey);
      },
      (error: unknown) => callback(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`, true),
    );
  }
}
