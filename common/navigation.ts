/**
 * The page a mailed password reset link opens (its token in the fragment, `#token=`), which also
 * asks for the link: the issuer's sign-in page and the server's mail both point at it.
 */
export const PASSWORD_RESET_PATH = '/password-reset';

/**
 * Public routes (no sign-in). The web app serves these without loading react-admin; the signed-in
 * app's routes, with their menu items and policies, are src/routing/routes.ts.
 */
export const PUBLIC_PATHS = ['/', '/login', '/registration', PASSWORD_RESET_PATH, '/imprint', '/mobile-app-tos', '/terms', '/faq', '/privacy-policy'] as const;
