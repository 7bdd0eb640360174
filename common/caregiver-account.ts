import { passwordProblems, type PasswordRules } from './password-policy';

/**
 * The rules of the caregiver's registration and profile forms (SPEC sections 3 and 5), shared by
 * the server and the browser so both say the same thing. Problems are translation keys (namespace
 * included) with their values; `field` is filled by the caller with the field's label.
 */
export interface FormProblem {
  member: string;
  key: string;
  values?: Record<string, string | number>;
}

/** ABP's user name characters. */
export const USER_NAME_RE = /^[A-Za-z0-9\-._@+]+$/;
/** Digits only (a leading + for the country code), 4 to 16 of them. */
export const PHONE_RE = /^\+?[0-9]{4,16}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 128;
export const USER_NAME_MAX = 64;
export const EMAIL_MAX = 256;

export interface ProfileFields {
  fullName: string;
  email: string;
  phoneNumber?: string | null;
}

export interface RegistrationFields extends ProfileFields {
  userName: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
  productUpdates?: boolean;
}

const required = (member: string): FormProblem => ({ member, key: 'validation:required' });
const tooLong = (member: string, count: number): FormProblem => ({ member, key: 'validation:maxLength', values: { count } });

export function profileProblems(form: ProfileFields): FormProblem[] {
  const problems: FormProblem[] = [];
  const fullName = form.fullName.trim();
  if (!fullName) problems.push(required('fullName'));
  else if (fullName.length > NAME_MAX) problems.push(tooLong('fullName', NAME_MAX));
  const email = form.email.trim();
  if (!email) problems.push(required('email'));
  else if (email.length > EMAIL_MAX || !EMAIL_RE.test(email)) problems.push({ member: 'email', key: 'validation:email' });
  const phone = (form.phoneNumber ?? '').trim();
  if (phone && !PHONE_RE.test(phone)) problems.push({ member: 'phoneNumber', key: 'validation:phoneDigits' });
  return problems;
}

/** The password's problems under one member; the server passes its tenant's rules. */
export function newPasswordProblems(member: string, password: string, rules?: PasswordRules): FormProblem[] {
  return passwordProblems(password, rules).map((p) => ({ member, key: `validation:${p.key}`, ...(p.values ? { values: p.values } : {}) }));
}

export function registrationProblems(form: RegistrationFields, rules?: PasswordRules): FormProblem[] {
  const problems: FormProblem[] = [];
  const userName = form.userName.trim();
  if (!userName) problems.push(required('userName'));
  else if (userName.length > USER_NAME_MAX) problems.push(tooLong('userName', USER_NAME_MAX));
  else if (!USER_NAME_RE.test(userName)) problems.push({ member: 'userName', key: 'validation:userNameCharacters' });
  problems.push(...profileProblems(form));
  if (!form.password) problems.push(required('password'));
  else problems.push(...newPasswordProblems('password', form.password, rules));
  if (form.confirmPassword !== form.password) problems.push({ member: 'confirmPassword', key: 'validation:passwordsMatch' });
  if (!form.agreeTerms) problems.push({ member: 'agreeTerms', key: 'validation:agreeTerms' });
  return problems;
}

/** 'Clara Marie Carer' -> name 'Clara', surname 'Marie Carer' (the identity record keeps both). */
export function splitFullName(fullName: string): { name: string; surname: string } {
  const clean = fullName.trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  return space < 0 ? { name: clean, surname: '' } : { name: clean.slice(0, space), surname: clean.slice(space + 1) };
}

export const joinFullName = (name: string, surname: string) => [name, surname].filter(Boolean).join(' ');

/** The code of the 401 a transferred account's old sign-ins get, so the web app can say what happened. */
export const ACCOUNT_TRANSFERRED_CODE = 'Vigil:AccountTransferred';
