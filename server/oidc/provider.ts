import Provider, { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import type { Config } from '../config';
import { databaseAdapter } from './adapter';
import { publicJwks, type IssuerSecrets } from './secrets';
import { findAccount } from './accounts';
import { renderErrorPage, renderLogoutPage, renderLoggedOutPage } from './pages';
import { languageOf } from './page-language';
import { DPOP_ALGS } from '../http/errors';
import { USERINFO_PATH, userinfoForApiTokens } from './userinfo';

/** Scopes the web app asks for (SPEC section 6): the API scope is 'Stella'. */
export const API_SCOPE = 'Stella';
const OFFLINE_ACCESS = 'offline_access';
export const SCOPES = ['openid', 'profile', 'email', OFFLINE_ACCESS, API_SCOPE];
export const ISSUER_PATH = '/oidc';
export const API_AUDIENCE = 'vigil-api';
/** The claims each scope releases, in ID tokens and at userinfo. */
export const CLAIMS: Record<string, string[]> = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username', 'tenantid', 'role', 'locale'],
  email: ['email', 'email_verified'],
};

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
 * verifies them locally; with a DPoP proof on the token request they are bound to the client's
 * key (`cnf.jkt`), and for the clients in OIDC_DPOP_CLIENTS they must be.
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
    // ID tokens always carry auth_time (in claims_supported), not only when max_age is asked.
    require_auth_time: true,
    dpop_bound_access_tokens: config.dpopClients.includes(clientId),
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
    claims: CLAIMS,
    scopes: SCOPES,
    // Every client is public (PKCE, no secret): discovery offers no secret-based authentication.
    clientAuthMethods: ['none'],
    enabledJWA: { dPoPSigningAlgValues: [...DPOP_ALGS] },
    routes: { userinfo: USERINFO_PATH },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only tokens it was issued.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      // The API checks the proofs itself (server/http/dpop.ts) with the same algorithms.
      dPoP: { enabled: true },
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
    // They rotate on every use (oidc-provider's default for public clients). A refresh token is
    // offline access: the code's scope gains offline_access before the token is made from it, so
    // the token carries it (a refresh asking for it again is allowed) and the response names it.
    issueRefreshToken: async (_ctx, client, source) => {
      if (!client.grantTypeAllowed('refresh_token')) return false;
      if (!source.scopes.has(OFFLINE_ACCESS)) source.scope = [source.scope, OFFLINE_ACCESS].filter(Boolean).join(' ');
      return true;
    },
    // Signing out ends everything: the refresh tokens live only as long as the issuer's session, so
    // end-session revokes the grant even with offline_access (oidc-provider keeps it otherwise).
    expiresWithSession: async () => true,
    extraTokenClaims: async (ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const account = await findAccount(db, accountId);
      if (!account) return undefined;
      const claims = await account.claims('id_token', '', {}, []);
      // `gid`: the grant, so every API node can refuse the token once its grant is revoked.
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return { tenantid: claims.tenantid ?? null, preferred_username: claims.preferred_username, role: claims.role, gid: grantId };
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
  // Every ID token names its issuer session (`sid`, in claims_supported), which a client matches
  // against logout; oidc-provider adds it only for back-channel logout clients otherwise.
  provider.Client.prototype.includeSid = () => true;
  provider.use(userinfoForApiTokens({
    issuer: issuerUrl(config),
    audience: API_AUDIENCE,
    jwks: publicJwks(secrets.jwks),
    db,
    url: `${issuerUrl(config)}${USERINFO_PATH}`,
    claims: CLAIMS,
    origins: appOrigins(config),
  }));
  provider.use(grantedScopeInTokenResponse);
  return provider;
}

/**
 * The token response's `scope` says everything granted: oidc-provider gives the API access
 * token's scope only (resource indicators), leaving out `openid`, which the ID token in the same
 * response stands for. Added from the grant, as far as asked; and offline_access whenever the
 * response hands out a refresh token that carries it (RFC 6749 section 3.3: the scope granted is
 * named when it differs from the one asked for, as a renewal that leaves it out of its request
 * still gets a refresh token).
 */
async function grantedScopeInTokenResponse(ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> {
  await next();
  if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
  const body = ctx.body as { scope?: unknown } | undefined;
  const { Grant: grant, AuthorizationCode: code, RefreshToken: refreshToken } = ctx.oidc.entities;
  const source = code ?? refreshToken;
  if (!body || typeof body !== 'object' || !grant || !source) return;
  const asked = new Set(ctx.oidc.params?.scope ? ctx.oidc.requestParamScopes : source.scopes);
  const scopes = new Set([...grant.getOIDCScopeFiltered(asked).split(' '), ...String(body.scope ?? '').split(' ')]);
  const issued = ctx.oidc.entities.RefreshToken;
  if ('refresh_token' in body && issued?.scopes.has(OFFLINE_ACCESS)) scopes.add(OFFLINE_ACCESS);
  scopes.delete('');
  body.scope = [...scopes].join(' ');
}
