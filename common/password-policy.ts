/**
 * The password rule (SPEC section 5), shared by the server and the browser: 10 to 100 characters
 * with at least one lowercase letter, one uppercase letter, one number and one special character.
 * Returns translation keys (namespace 'translation', '*') with their values, or [] when
 * the password is acceptable.
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 100;

export interface RuleFailure {
  key: string;
  values?: Record<string, number>;
}

export function passwordProblems(password: string): RuleFailure[] {
  const problems: RuleFailure[] = [];
  if (password.length < PASSWORD_MIN) problems.push({ key: 'minLength', values: { count: PASSWORD_MIN } });
  if (password.length > PASSWORD_MAX) problems.push({ key: 'maxLength', values: { count: PASSWORD_MAX } });
  if (!/[a-z]/.test(password)) problems.push({ key: 'passwordLowercase' });
  if (!/[A-Z]/.test(password)) problems.push({ key: 'passwordUppercase' });
  if (!/[0-9]/.test(password)) problems.push({ key: 'passwordDigit' });
  if (!/[^A-Za-z0-9]/.test(password)) problems.push({ key: 'passwordSpecial' });
  return problems;
}
