import type { AnswerOf, BodyOf } from '../../../providers/openapi/typedApi';

/**
 * Wire shapes of setting management (`/api/setting-management/identity`, `/emailing`, `/timezone`)
 * and the bodies the settings forms send.
 */
export type IdentitySettings = AnswerOf<'/api/setting-management/identity'>;

/** ABP's EmailSettingsDto; the SMTP password never comes back, only whether one is set. */
export type EmailSettings = AnswerOf<'/api/setting-management/emailing'>;
type EmailingBody = BodyOf<'/api/setting-management/emailing', 'post'>;

/** The emailing form: the DTO plus a new password and the choice to remove the stored one. */
export interface EmailSettingsForm extends EmailSettings {
  smtpPassword?: string | null;
  clearSmtpPassword?: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const whole = (value: unknown): number => (typeof value === 'number' ? value : Number(String(value ?? '').trim()));

/** The identity PUT body: both groups complete, numbers as numbers (a form may hold them as text). */
export function identitySettingsBody(values: IdentitySettings): IdentitySettings {
  const { password, lockout } = values;
  return {
    password: {
      requiredLength: whole(password.requiredLength),
      requireDigit: password.requireDigit === true,
      requireLowercase: password.requireLowercase === true,
      requireUppercase: password.requireUppercase === true,
      requireNonAlphanumeric: password.requireNonAlphanumeric === true,
      previousPasswordsToRemember: whole(password.previousPasswordsToRemember),
    },
    lockout: {
      allowedForNewUsers: lockout.allowedForNewUsers === true,
      lockoutDuration: whole(lockout.lockoutDuration),
      maxFailedAccessAttempts: whole(lockout.maxFailedAccessAttempts),
    },
  };
}

/**
 * The emailing POST body: texts trimmed; the SMTP password only when a new one was typed (the
 * server keeps the stored one when it is left out) or "" when the stored one is to be removed.
 */
export function emailingBody(values: EmailSettingsForm): EmailingBody {
  const body: EmailingBody = {
    defaultFromAddress: text(values.defaultFromAddress),
    defaultFromDisplayName: text(values.defaultFromDisplayName),
    smtpHost: text(values.smtpHost),
    smtpPort: whole(values.smtpPort),
    smtpUserName: text(values.smtpUserName),
    smtpDomain: text(values.smtpDomain),
    smtpEnableSsl: values.smtpEnableSsl === true,
    smtpUseDefaultCredentials: values.smtpUseDefaultCredentials === true,
  };
  if (typeof values.smtpPassword === 'string' && values.smtpPassword !== '') body.smtpPassword = values.smtpPassword;
  else if (values.clearSmtpPassword === true) body.smtpPassword = '';
  return body;
}

/**
 * The form's values over the stored ones: a field the form left out (react-hook-form leaves out
 * disabled inputs, such as the password rules that cannot be switched off) keeps its stored value.
 */
export function withStored<T>(stored: T, values: unknown): T {
  if (values === undefined || values === null) return stored;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored) || typeof values !== 'object') return values as T;
  const merged: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [key, value] of Object.entries(stored)) merged[key] = withStored(value, (values as Record<string, unknown>)[key]);
  return merged as T;
}

/** Field errors of a rejected save (react-admin's HttpError body), for a form's onSubmit to return. */
export function submissionErrors(error: unknown): Record<string, unknown> | undefined {
  const errors = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  if (!errors) return undefined;
  const { root: _root, ...fields } = errors;
  return Object.keys(fields).length ? fields : undefined;
}
