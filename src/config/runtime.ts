import type { RuntimeConfig } from '../../common/runtime-config';
import { ROLE_PLUG_AND_PLAY_ADMIN } from '../../common/roles';
import { LocalizedError } from '../i18n/localizedError';

export type { RuntimeConfig };

let cached: Promise<RuntimeConfig> | undefined;

/**
 * index.html loads the server's runtime configuration as a same-origin script (/runtime-config.js
 * sets window.__VIGIL__; no inline script, for the Content-Security-Policy); under the Vite dev
 * server that placeholder is not filled, so the same object is fetched from the API instead.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!cached) {
    cached = window.__VIGIL__
      ? Promise.resolve(window.__VIGIL__)
      : fetch('/api/runtime-config').then((r) => {
          if (!r.ok) throw new LocalizedError('errors.runtimeConfig', { status: r.status }, `Runtime configuration failed: ${r.status}`);
          return r.json() as Promise<RuntimeConfig>;
        });
  }
  return cached;
}

/** The OpenID Connect client id for this host (SPEC section 7: it differs on the production host). */
export function clientIdFor(config: RuntimeConfig, host = window.location.host): string {
  return config.plugAndPlayHost && host === config.plugAndPlayHost ? config.plugAndPlayClientId : config.clientId;
}

/**
 * Whether the web app binds its tokens to a key in this browser with DPoP (RFC 9449). On unless the
 * deployment's runtime configuration says `dpop: false` (an API gateway that only passes Bearer).
 */
export function dpopEnabled(config: RuntimeConfig): boolean {
  return config.dpop !== false;
}

export { ROLE_PLUG_AND_PLAY_ADMIN };
