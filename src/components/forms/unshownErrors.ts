/**
 * The messages of errors on fields a form does not show (a field the server named that the form
 * has no input for), or undefined when each one has its field: a server error is never reduced to
 * "check the highlighted fields" with nothing highlighted.
 */
export function messageOfUnshown(errors: Record<string, string>, isShown: (field: string) => boolean): string | undefined {
  const unshown = Object.entries(errors).filter(([field]) => !isShown(field));
  return unshown.length ? unshown.map(([, message]) => message).join(' ') : undefined;
}
