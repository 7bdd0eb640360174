import { passwordProblems } from '../../../../common/password-policy';

const EDITABLE = [
  'userName',
  'email',
  'name',
  'surname',
  'phoneNumber',
  'phoneNumberLoginEnabled',
  'isActive',
  'lockoutEnabled',
  'roleNames',
  'organizationUnitIds',
  'concurrencyStamp',
  'password',
] as const;

/** Only the fields the users endpoint accepts; empty optional texts sent as null. */
export function userBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of EDITABLE) {
    const value = data[name];
    if (value === undefined) continue;
    body[name] = value === '' && name !== 'userName' && name !== 'email' ? null : value;
  }
  if (body.password === null) delete body.password;
  body.roleNames ??= [];
  return body;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** react-admin validator built on the shared password rule (messages from the validation namespace). */
export const passwordValidator =
  (t: Translate) =>
  (value: unknown): string | undefined => {
    const problems = passwordProblems(typeof value === 'string' ? value : '');
    return problems.map((p) => t(`validation:${p.key}`, p.values)).join(' · ') || undefined;
  };
