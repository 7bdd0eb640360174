import type { IdTokenClaims } from 'oidc-client-ts';
import { PUBLIC_PATHS } from '../../common/navigation';
import { safeReturnPath } from '../components/safeReturnPath';

/** What the app needs of the signed-in oidc-client-ts User (SPEC section 3, signed-in user record). */
export interface SignedInUser {
  sub: string;
  /** Display name: name, else given + family name, else user name, else e-mail, else sub. */
  name: string;
  userName?: string;
  email?: string;
  tenantId: string | null;
  roles: string[];
  accessToken: string;
  /** Seconds since the epoch. */
  expiresAt?: number;
}

/** The parts of oidc-client-ts's User read here (kept structural so tests need no User instance). */
export interface OidcUserLike {
  access_token: string;
  expires_at?: number;
  profile: IdTokenClaims;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The issuer sends `role` as a string for one role and an array for several. */
function rolesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
}

export function toSignedInUser(user: OidcUserLike): SignedInUser {
  const p = user.profile;
  const fullName = [text(p.given_name), text(p.family_name)].filter(Boolean).join(' ');
  const userName = text(p.preferred_username);
  const email = text(p.email);
  return {
    sub: p.sub,
    name: text(p.name) ?? (fullName || undefined) ?? userName ?? email ?? p.sub,
    ...(userName ? { userName } : {}),
    ...(email ? { email } : {}),
    tenantId: text(p.tenantid) ?? null,
    roles: rolesOf(p.role),
    accessToken: user.access_token,
    ...(user.expires_at !== undefined ? { expiresAt: user.expires_at } : {}),
  };
}

export const DEFAULT_RETURN_PATH = '/dashboard';

/**
 * Where to go after sign-in: the path stored in the OIDC state when it is a path on this site and
 * not a public page (going back to /login would start another sign-in); else the dashboard.
 */
export function returnPathFromState(state: unknown): string {
  const asked = typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  const path = safeReturnPath(asked, DEFAULT_RETURN_PATH);
  const pathname = path.split(/[?#]/)[0] ?? path;
  return (PUBLIC_PATHS as readonly string[]).includes(pathname) ? DEFAULT_RETURN_PATH : path;
}
