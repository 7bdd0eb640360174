/** A unique index refused the write (PostgreSQL 23505): a race past the check before it, or a taken name. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
