import leven from 'leven';
/**
 * The password rule (SPEC section 5), shared by the server and the browser: 10 to 100 characters
 * with at least one lowercase letter, one uppercase letter, one number and one special character.
 * The server passes the rules of its password settings (Abp.Identity.Password.*); the defaults
 * below are the specification's. Returns translation keys (namespace 'translation', '*') with
 * their values, or [] when the password is acceptable.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 100;

export interface RuleFailure {
  key: string;
  values?: Record<string, number>;
}

export interface PasswordRules {
  requiredLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigit: boolean;
  requireNonAlphanumeric: boolean;
}

export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  requiredLength: PASSWORD_MIN,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
  requireNonAlphanumeric: true,
};

export function passwordProblems(password: string, rules: PasswordRules = DEFAULT_PASSWORD_RULES): RuleFailure[] {
  const problems: RuleFailure[] = [];
  const min = Math.min(rules.requiredLength, PASSWORD_MAX);
  if (password.length < min) problems.push({ key: 'minLength', values: { count: min } });
  if (password.length > PASSWORD_MAX) problems.push({ key: 'maxLength', values: { count: PASSWORD_MAX } });
  if (rules.requireLowercase && !/[a-z]/.test(password)) problems.push({ key: 'passwordLowercase' });
  if (rules.requireUppercase && !/[A-Z]/.test(password)) problems.push({ key: 'passwordUppercase' });
  if (rules.requireDigit && !/[0-9]/.test(password)) problems.push({ key: 'passwordDigit' });
  if (rules.requireNonAlphanumeric && !/[^A-Za-z0-9]/.test(password)) problems.push({ key: 'passwordSpecial' });
  return problems;
}

/**
 * SPEC section 5's "the new password should differ significantly": at least this many
 * single-character edits from the current one (case ignored), and neither holding the other.
 * "Green-Meadow-2027!" to "Green-Meadow-2027?" is one edit; four is a new word part, not a new
 * last character. Only the current password is known in clear at a change; earlier ones are
 * checked for equality against their hashes (assertNotReused).
 */
export const PASSWORD_MIN_EDITS = 4;

export function tooSimilarPassword(current: string, next: string): boolean {
  const a = current.toLowerCase();
  const b = next.toLowerCase();
  if (a.length > 0 && (b.includes(a) || a.includes(b))) return true;
  return leven(a, b) < PASSWORD_MIN_EDITS;
}
