import { paymentGateway, type Config } from '../config';
import type { RuntimeConfig } from '../../common/runtime-config';
import { issuerUrl, SCOPES } from '../oidc/provider';

export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    productName: 'Vigil',
    issuer: issuerUrl(config),
    clientId: config.clientId,
    plugAndPlayClientId: config.plugAndPlayClientId,
    plugAndPlayHost: config.plugAndPlayHost,
    apiBase: `${config.publicUrl}/api`,
    mapsKey: config.mapsKey,
    tileUrl: config.tileUrl,
    tileAttribution: config.tileAttribution,
    placeSearch: Boolean(config.geocoder.url),
    stripePublishableKey: config.stripePublishableKey,
    scopes: SCOPES.join(' '),
    links: config.links,
    demo: config.demo,
    testPayments: paymentGateway(config) === 'builtin',
    dpop: config.webDpop,
  };
}

const STRING = { type: 'string' } as const;
/** Link maps keyed by language; LINKS_JSON may add keys of its own, which are kept. */
const LINK_MAP = { type: 'object', additionalProperties: STRING } as const;

/** GET /api/runtime-config's answer (common/runtime-config.ts). */
export const RUNTIME_CONFIG_SCHEMA = {
  type: 'object',
  properties: {
    productName: STRING,
    issuer: STRING,
    clientId: STRING,
    plugAndPlayClientId: STRING,
    plugAndPlayHost: STRING,
    apiBase: STRING,
    mapsKey: STRING,
    tileUrl: STRING,
    tileAttribution: STRING,
    placeSearch: { type: 'boolean' },
    stripePublishableKey: STRING,
    scopes: STRING,
    links: {
      type: 'object',
      properties: {
        contact: STRING,
        termsAndPrivacy: STRING,
        guides: STRING,
        store: STRING,
        apps: { type: 'object', properties: { careIos: STRING, careAndroid: STRING, companionIos: STRING, companionAndroid: STRING }, additionalProperties: true },
        privacy: LINK_MAP,
        support: LINK_MAP,
      },
      required: ['contact', 'termsAndPrivacy', 'guides', 'store', 'apps', 'privacy', 'support'],
      additionalProperties: true,
    },
    demo: { type: 'boolean' },
    testPayments: { type: 'boolean' },
    dpop: { type: 'boolean' },
  },
  required: ['productName', 'issuer', 'clientId', 'plugAndPlayClientId', 'plugAndPlayHost', 'apiBase', 'mapsKey', 'tileUrl', 'tileAttribution', 'placeSearch', 'stripePublishableKey', 'scopes', 'links'],
} as const;
