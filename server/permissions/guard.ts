import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { forbidden, unauthorized } from '../http/errors';
import { isHostOnlyPolicy } from '../../common/policies';
import { GrantsCache } from './grants-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route needs: a policy name (or alternatives 'A|B'), 'authenticated' (any signed-in
     * user) or 'anonymous'.
     * Every /api route declares one; a route without it is refused at start-up.
     */
    policy?: string;
  }
  interface FastifyRequest {
    /** Policies of the caller, loaded once per request when a route needs them. */
    grantedPolicies?: Set<string>;
  }
}

export const ANONYMOUS = 'anonymous';
export const AUTHENTICATED = 'authenticated';
/**
 * Separates alternatives in a declared policy ('A|B': either will do), for routes whose handler
 * then asks for the one that fits the request (permission management: roles' or users' policy).
 */
export const ANY_OF = '|';
export const anyOf = (...policies: string[]) => policies.join(ANY_OF);

export interface CatalogueEntry {
  method: string;
  url: string;
  policy: string;
  /** The parts of the Fastify route schema it declares (params, querystring, body, response). */
  declares: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route and the policy it declares: the catalogue the permission tests are made from. */
    routeCatalogue: CatalogueEntry[];
  }
}

/**
 * Enforces each route's declared policy: anonymous callers get 401, signed-in callers without the
 * policy 403 (ABP's rule). Routes under /api that declare nothing fail the start-up.
 */
export function installPolicyGuard(app: FastifyInstance, db: Db): void {
  const routeCatalogue: CatalogueEntry[] = [];
  app.decorate('routeCatalogue', routeCatalogue);
  const cache = new GrantsCache(db);
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.close());
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const policy = route.config?.policy;
    if (!policy) throw new Error(`Route ${String(route.method)} ${route.url} declares no policy`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeCatalogue.push({ method, url: route.url, policy, declares: Object.keys(route.schema ?? {}).filter((part) => ['params', 'querystring', 'body', 'response'].includes(part)) });
    }
  });

  // Before the request is validated: a caller without the policy learns nothing of the route's input.
  app.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy === ANONYMOUS) return;
    if (!request.principal) throw unauthorized(translate('errors.unauthorized', request.language));
    if (policy === AUTHENTICATED) return;
    // A tenant user's grants and whether the tenant is still active are read together: two
    // independent queries, one round trip of waiting (tenant resolution reuses the answer).
    const tenantId = request.principal.tenantId;
    const [granted, available] = await Promise.all([
      request.grantedPolicies ?? cache.granted(request.principal),
      tenantId && request.tenantAvailable === undefined ? cache.tenantAvailable(tenantId) : request.tenantAvailable,
    ]);
    request.grantedPolicies = granted;
    request.tenantAvailable = available;
    if (!policy.split(ANY_OF).some((p) => granted.has(p))) {
      request.log.warn({ policy, user: request.principal.userId }, 'policy refused');
      // A tenant's user asking for the provider's own modules is told why (no tenant grant can open them).
      const hostOnly = tenantId && policy.split(ANY_OF).every((p) => isHostOnlyPolicy(p));
      throw forbidden(translate(hostOnly ? 'errors.hostOnly' : 'errors.forbidden', request.language));
    }
  });
}
