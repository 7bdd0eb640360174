import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The one inline script Vigil serves: the sign-out page submits its own form
 * (server/oidc/pages.ts renderLogoutPage). It is allowed by its hash, nothing else inline is.
 * tests/api/http-headers.test.ts checks every inline script of that page against the policy.
 */
export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit()";

const GOOGLE_MAPS = {
  // Google's documented allow-list for the Maps JavaScript API (content-security-policy guide).
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', 'https://*.ggpht.com', '*.googleusercontent.com', "'unsafe-eval'", 'blob:'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'],
  frame: ['*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  worker: ['blob:'],
};
const STRIPE = {
  // Stripe.js and Elements (Stripe's security guide).
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  img: ['https://*.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

function originOf(url: string): string | undefined {
  try {
    return new URL(url.replace(/\{[a-z]\}/g, 'a')).origin;
  } catch {
    return undefined;
  }
}

/** The Content-Security-Policy of every response, built once from the configuration. */
export function contentSecurityPolicy(config: Config): string {
  const maps = config.mapsKey ? GOOGLE_MAPS : undefined;
  const stripe = config.stripePublishableKey ? STRIPE : undefined;
  // The web app may run on the other origins and call the API and issuer at PUBLIC_URL.
  const origins = [config.publicUrl, ...config.extraOrigins, ...(config.plugAndPlayHost ? [`https://${config.plugAndPlayHost}`] : [])];
  // Leaflet tiles: MAP_TILE_URL's host ({s} subdomains become a wildcard).
  const tiles = config.tileUrl ? [/\{s\}/.test(config.tileUrl) ? originOf(config.tileUrl)!.replace('//a.', '//*.') : originOf(config.tileUrl)] : [];
  const logoutHash = `'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`;
  const directives: Record<string, (string | undefined)[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", logoutHash, ...(maps?.script ?? []), ...(stripe?.script ?? [])],
    // MUI (emotion) and Leaflet set styles at run time, and the sign-in pages carry one <style>:
    // inline styles cannot run script; inline scripts stay forbidden.
    'style-src': ["'self'", "'unsafe-inline'", ...(maps?.style ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', ...origins, ...tiles, ...(maps?.img ?? []), ...(stripe?.img ?? [])],
    'font-src': ["'self'", 'data:', ...(maps?.font ?? [])],
    'connect-src': ["'self'", ...origins, ...(maps?.connect ?? []), ...(stripe?.connect ?? [])],
    'frame-src': maps || stripe ? [...(maps?.frame ?? []), ...(stripe?.frame ?? [])] : ["'none'"],
    // The service worker (/sw.js, issue 16) is same-origin: 'self'. So is the web app manifest.
    'worker-src': ["'self'", ...(maps?.worker ?? [])],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Sign-in and sign-out forms post to the issuer, which redirects back to the app's origins.
    'form-action': ["'self'", ...origins],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values.filter(Boolean))].join(' '))
    .join('; ');
}

/** Every header, computed once: an onRequest hook that sets a fixed list costs about a microsecond. */
export function securityHeaders(config: Config): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy(config)],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['x-permitted-cross-domain-policies', 'none'],
  ];
  // HSTS only over https: sent over http it would pin a development host to https.
  if (config.publicUrl.startsWith('https:')) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * Sets the headers on every response, the issuer's too: they go on the raw response before any
 * handler runs, as the issuer's routes answer through node's response (reply.hijack).
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
