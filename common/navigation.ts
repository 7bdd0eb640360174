/**
 * Public routes (no sign-in). The web app serves these without loading react-admin; the signed-in
 * app's routes, with their menu items and policies, are src/routing/routes.ts.
 */
export const PUBLIC_PATHS = ['/', '/login', '/registration', '/imprint', '/mobile-app-tos', '/terms', '/faq', '/privacy-policy'] as const;
