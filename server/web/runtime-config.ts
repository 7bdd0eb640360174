import type { Config } from '../config';
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
    stripePublishableKey: config.stripePublishableKey,
    scopes: SCOPES.join(' '),
    links: config.links,
    demo: config.demo,
    dpop: config.webDpop,
  };
}
