/**
 * Only a path on this site may be a redirect target after sign-in; anything else ('//evil.example',
 * 'https://...', '/\\evil') would be an open redirect. Falls back to `fallback`.
 */
export function safeReturnPath(path: unknown, fallback = '/dashboard'): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
