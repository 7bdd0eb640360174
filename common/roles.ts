/** Role names the product gives meaning to (SPEC sections 1 and 6). */
export const ROLE_PLUG_AND_PLAY_ADMIN = 'Plug and Play Admin';
export const ROLE_PLUG_AND_PLAY_USER = 'Plug and Play User';
export const ROLE_TEMPLATE_ADMIN = 'Template Admin';
export const ROLE_ADMIN = 'admin';

/** The all-tenants identifier (SPEC section 9). */
export const ALL_TENANTS = '00000000-0000-0000-0000-000000000000';

/**
 * Plug-and-play mode (SPEC section 1): on when the app runs on the dedicated production app host,
 * or when the current user holds 'Plug and Play Admin' or 'Plug and Play User'.
 */
export function isPlugAndPlay(host: string, plugAndPlayHost: string, roles: readonly string[]): boolean {
  if (plugAndPlayHost && host.toLowerCase() === plugAndPlayHost.toLowerCase()) return true;
  return roles.includes(ROLE_PLUG_AND_PLAY_ADMIN) || roles.includes(ROLE_PLUG_AND_PLAY_USER);
}
