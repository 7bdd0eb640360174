import type { AuthProvider, UserIdentity } from 'react-admin';
import type { ApiErrorBody } from './abpErrors';
import { isAllowed } from './resourcePolicies';
import { signInPageUrl } from './signInPage';

export { signInPageUrl };
import { clearSessionData, getApplicationConfiguration, getCurrentUserOverview } from './sessionData';
import { getSignedInUser, removeLocalSession, signIn, type SignedInUser } from './userManager';

/** What getIdentity returns: react-admin's identity plus the roles plug-and-play mode reads. */
export interface VigilIdentity extends UserIdentity {
  fullName: string;
  userName?: string;
  email?: string;
  roles: string[];
  tenantId: string | null;
}

/** Authorization failures (no policy) as opposed to business rules, which are also 403 in ABP. */
function isAuthorizationFailure(body: Partial<ApiErrorBody> | undefined): boolean {
  if (!body?.abp) return true;
  const code = body.code ?? '';
  return code === 'Vigil:Forbidden' || code.startsWith('Volo.Authorization');
}

function identityFromToken(user: SignedInUser): VigilIdentity {
  return {
    id: user.sub,
    fullName: user.name,
    ...(user.userName ? { userName: user.userName } : {}),
    ...(user.email ? { email: user.email } : {}),
    roles: user.roles,
    tenantId: user.tenantId,
  };
}

/**
 * react-admin AuthProvider over the OIDC session (userManager.ts) and the ABP session data.
 * Signing in happens on the issuer's page: anyone not signed in goes to /login (a public page
 * that calls signIn with the returnTo path). Policies come from application-configuration,
 * fetched once per session.
 */
export const authProvider: AuthProvider = {
  login: async (params?: { returnTo?: string }) => {
    await signIn(params?.returnTo);
  },

  /** Drops the session in this browser and opens /login. Ending the session at the issuer is signOut(). */
  logout: async () => {
    clearSessionData();
    await removeLocalSession().catch(() => undefined);
    return signInPageUrl();
  },

  checkAuth: async () => {
    // Signed in = a user exists and its token has not expired (SPEC section 4).
    if (!(await getSignedInUser())) throw { message: false, redirectTo: signInPageUrl() };
  },

  checkError: async (error: { status?: number; message?: string; body?: Partial<ApiErrorBody> }) => {
    if (error?.status === 401) throw { message: false, redirectTo: signInPageUrl() };
    if (error?.status === 403 && isAuthorizationFailure(error.body)) {
      // Signed in but not allowed: keep the session and say so.
      throw { logoutUser: false, message: error.message || 'ra.notification.not_authorized' };
    }
    // Business-rule 403s and every other error reach the caller (form, notification) unchanged.
  },

  getIdentity: async (): Promise<VigilIdentity> => {
    const user = await getSignedInUser();
    if (!user) throw new Error('Not signed in');
    try {
      const me = await getCurrentUserOverview();
      const fullName = [me.name, me.surname].filter(Boolean).join(' ').trim();
      return {
        id: me.id,
        fullName: fullName || me.userName || user.name,
        userName: me.userName,
        ...(me.email ? { email: me.email } : {}),
        roles: me.roles ?? [],
        tenantId: me.tenantId,
      };
    } catch {
      return identityFromToken(user);
    }
  },

  getPermissions: async (): Promise<Record<string, boolean>> => {
    if (!(await getSignedInUser())) return {};
    return (await getApplicationConfiguration()).auth.grantedPolicies;
  },

  canAccess: async ({ resource, action }) => {
    const granted = (await getApplicationConfiguration()).auth.grantedPolicies;
    return isAllowed(granted, resource, action);
  },
};
