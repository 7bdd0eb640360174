import type { FormProblem } from '../../common/caregiver-account';
import { invalid } from '../http/body-validation';
import { translate } from '../localization/texts';

/**
 * Request bodies of /api/plugandplay/profile/*: their routes' schemas check the shape (types, lengths, no unknown
 * fields); the content rules are the shared ones of common/caregiver-account.ts, so the browser
 * and the server give the same messages. Field labels come from profile:fields.<name>.
 */
export const fieldLabel = (member: string, lang: string) => translate(`profile:fields.${member}`, lang);

/** The security screens' labels (passkeys, the authenticator app): security:fields.<name>. */
export const securityLabel = (member: string, lang: string) => translate(`security:fields.${member.startsWith('response') ? 'response' : member}`, lang);

/** A 400 naming each problem's member, in the caller's language; nothing when there are none. */
export function refuseProblems(problems: readonly FormProblem[], lang: string): void {
  if (problems.length === 0) return;
  throw invalid(
    lang,
    problems.map((p) => ({ members: [p.member], message: translate(p.key, lang, { field: fieldLabel(p.member, lang), ...p.values }) })),
  );
}

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const nullableText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

export interface RegistrationBody {
  userName: string;
  fullName: string;
  email: string;
  phoneNumber?: string | null;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
  productUpdates?: boolean;
}

export const REGISTRATION_BODY = {
  type: 'object',
  required: ['userName', 'fullName', 'email', 'password', 'confirmPassword', 'agreeTerms'],
  additionalProperties: false,
  properties: {
    userName: text(256),
    fullName: text(256),
    email: text(256),
    phoneNumber: nullableText(32),
    password: text(1024),
    confirmPassword: text(1024),
    agreeTerms: { type: 'boolean' },
    productUpdates: { type: 'boolean' },
  },
} as const;

export const TOKEN_BODY = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

export const EMAIL_BODY = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: { email: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;

export interface ProfileBody {
  fullName: string;
  email: string;
  phoneNumber?: string | null;
  productUpdates?: boolean;
}

export const PROFILE_BODY = {
  type: 'object',
  required: ['fullName', 'email'],
  additionalProperties: false,
  properties: { fullName: text(256), email: text(256), phoneNumber: nullableText(32), productUpdates: { type: 'boolean' } },
} as const;

export const PASSWORD_CHANGE_BODY = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: { currentPassword: { type: 'string', minLength: 1, maxLength: 1024 }, newPassword: text(1024), confirmPassword: text(1024) },
} as const;

export const PASSWORD_BODY = {
  type: 'object',
  required: ['password'],
  additionalProperties: false,
  properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
} as const;
