import Provider, { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import type { Config } from '../config';
import { databaseAdapter } from './adapter';
import type { IssuerSecrets } from './secrets';
import { findAccount } from './accounts';
import { renderErrorPage, renderLogoutPage, renderLoggedOutPage } from './pages';
import { languageOf } from './page-language';

/** Scopes the web app asks for (SPEC section 6): the API scope is 'Stella'. */
export const API_SCOPE = 'Stella';
export const SCOPES = ['openid', 'profile', 'email', 'offline_access', API_SCOPE];
export const ISSUER_PATH = '/oidc';
export const API_AUDIENCE = 'vigil-api';

export function issuerUrl(config: Config): string {
  return `${config.publicUrl}${ISSUER_PATH}`;
}

export function apiResource(config: Config): string {
  return `${config.publicUrl}/api`;
}

/** Origins the web app may be served from; sign-in redirects back to each one's root. */
export function appOrigins(config: Config): string[] {
  return [...new Set([config.publicUrl, ...config.extraOrigins, ...(config.plugAndPlayHost ? [`https://${config.plugAndPlayHost}`] : [])])];
}

/**
 * The OpenID Connect issuer: authorization code with PKCE (S256, required for the public web
 * clients), refresh tokens for offline_access, userinfo, end-session, revocation. Access tokens
 * for the API (scope 'Stella') are JWTs signed with the keys in the database, so every API node
 * verifies them locally.
 */
export function createProvider(config: Config, db: Db, secrets: IssuerSecrets): Provider {
  const resource = apiResource(config);
  const redirects = appOrigins(config).map((o) => `${o}/`);
  const client = (clientId: string, name: string): ClientMetadata => ({
    client_id: clientId,
    client_name: name,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: redirects,
    post_logout_redirect_uris: redirects,
    scope: SCOPES.join(' '),
  });

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [client(config.clientId, 'Vigil'), client(config.plugAndPlayClientId, 'Vigil Plug and Play')],
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: (ctx, sub) => findAccount(db, sub),
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'tenantid', 'role', 'locale'],
      email: ['email', 'email_verified'],
    },
    scopes: SCOPES,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only tokens it was issued.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = renderLogoutPage(languageOf(ctx.req), form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = renderLoggedOutPage(languageOf(ctx.req), config.publicUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        // The API resource is implied whenever the API scope is asked for; a client asking only
        // for identity scopes gets an opaque token for userinfo instead.
        defaultResource: async (ctx) => {
          const requested = String(ctx.oidc.params?.scope ?? ctx.oidc.entities.Grant?.getOIDCScope() ?? '');
          const asksApi = requested.split(' ').includes(API_SCOPE) || Boolean(ctx.oidc.entities.Grant?.getResourceScope(resource));
          return asksApi ? resource : (undefined as unknown as string);
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: `${API_SCOPE} profile email`,
            audience: API_AUDIENCE,
            accessTokenTTL: config.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // First-party clients: the user is never asked to consent; the grant is made on sign-in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addResourceScope(resource, `${API_SCOPE} profile email`);
      await grant.save();
      return grant;
    },
    // OpenID Connect drops offline_access unless prompt=consent, and these first-party clients are
    // never shown a consent page; the web app still needs refresh tokens for silent renewal.
    // They rotate on every use (oidc-provider's default for public clients).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: async (ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const account = await findAccount(db, accountId);
      if (!account) return undefined;
      const claims = await account.claims('id_token', '', {}, []);
      return { tenantid: claims.tenantid ?? null, preferred_username: claims.preferred_username, role: claims.role };
    },
    interactions: {
      url: (ctx, interaction) => `${ISSUER_PATH}/interaction/${interaction.uid}`,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(languageOf(ctx.req), out.error_description ?? out.error, config.publicUrl);
    },
    clientBasedCORS: (ctx, origin) => appOrigins(config).includes(origin),
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    enableHttpPostMethods: false,
    conformIdTokenClaims: false,
  };

  const provider = new Provider(issuerUrl(config), configuration);
  // X-Forwarded-Proto (secure cookies behind a TLS proxy) only when a proxy is trusted at all.
  provider.proxy = config.trustProxy !== false;
  return provider;
}
