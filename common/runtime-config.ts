import type { ExternalLinks } from './links';

/**
 * What the server tells the web app at run time, so one build serves every deployment.
 * Loaded by index.html as window.__VIGIL__ (GET /runtime-config.js) and also served at GET /api/runtime-config.
 */
export interface RuntimeConfig {
  productName: string;
  /** OpenID Connect issuer URL, e.g. http://localhost:3000/oidc */
  issuer: string;
  /** Client id for ordinary hosts. */
  clientId: string;
  /** Client id on the dedicated plug-and-play production host. */
  plugAndPlayClientId: string;
  /** Host name (with port if any) of the dedicated plug-and-play production app host. */
  plugAndPlayHost: string;
  /** Base URL of the API (the provider's API host plus /api). */
  apiBase: string;
  /** Google Maps key; empty means Leaflet. */
  mapsKey: string;
  /** Leaflet tile URL template (OpenStreetMap's unless MAP_TILE_URL says otherwise); empty means no tiles. */
  tileUrl: string;
  /** The tiles' attribution as HTML (OpenStreetMap's unless MAP_TILE_ATTRIBUTION says otherwise). */
  tileAttribution: string;
  /** "Find a place" takes addresses too (a geocoder is configured, asked through the server); coordinates always. */
  placeSearch: boolean;
  /** Stripe publishable key; empty means the built-in payment gateway's card form. */
  stripePublishableKey: string;
  /** Scopes the web app requests at sign-in (SPEC section 6). */
  scopes: string;
  links: ExternalLinks;
  /** DEMO=true: demo accounts are open on a reachable address; the app shows a banner. */
  demo?: boolean;
  /** The built-in payment gateway runs: no money moves, only test cards; every billing screen says so. */
  testPayments?: boolean;
  /** false: the web app sends plain Bearer tokens instead of binding them to its key with DPoP. Default true. */
  dpop?: boolean;
}

declare global {
  interface Window {
    __VIGIL__?: RuntimeConfig;
  }
}
