import { api, apiFile, type AnswerOf } from '../../../providers/openapi/typedApi';

/** The caregiver's own account (server/accounts): GET /api/plugandplay/profile and its actions, all the session's own (no tenant filter). */
const OWN = { tenant: false } as const;
const AVATAR = '/api/plugandplay/avatar';
const TRANSFER = '/api/plugandplay/profile/transfer-user-2/{id}/{token}';

export type Profile = AnswerOf<'/api/plugandplay/profile'>;

/** The profile form: every field as typed (an empty phone number is sent as none). */
export interface ProfileInput {
  fullName: string;
  email: string;
  phoneNumber: string;
  productUpdates: boolean;
}

export const PROFILE_KEY = ['plugandplay-profile'] as const;
/** The signed-in user's own picture, shown in the app bar (src/layout/UserAvatar.tsx); followed by the user's id. */
export const OWN_AVATAR_KEY = ['plugandplay-avatar'] as const;

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return api('get', '/api/plugandplay/profile', { ...OWN, signal });
}

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  return api('put', '/api/plugandplay/profile/update-profile', { ...OWN, body: { ...input, phoneNumber: input.phoneNumber || null } });
}

/** A language Vigil speaks, by its culture name: the one alarms and mails to the user are written in. */
export type OwnLanguage = AnswerOf<'/api/plugandplay/profile/language', 'put'>['language'];

/** The signed-in user's language (anyone signed in, not only carers: staff receive alarms too). */
export async function saveLanguage(language: OwnLanguage): Promise<OwnLanguage> {
  return (await api('put', '/api/plugandplay/profile/language', { ...OWN, body: { language } })).language;
}

export async function changePassword(input: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<void> {
  await api('post', '/api/plugandplay/profile/change-password', { ...OWN, body: input });
}

/** The file's own bytes as the body; the server judges the content, not the name. */
export async function uploadAvatar(file: Blob): Promise<void> {
  await api('post', AVATAR, { ...OWN, body: file, headers: { 'Content-Type': 'application/octet-stream' } });
}

/** The caller's picture, or undefined when they have none (the server answers 204, no body). */
export async function fetchAvatar(signal?: AbortSignal): Promise<Blob | undefined> {
  const { blob } = await apiFile('get', AVATAR, { ...OWN, signal });
  return blob && blob.size > 0 ? blob : undefined;
}

export async function removeAvatar(): Promise<void> {
  await api('delete', AVATAR, OWN);
}

export async function inviteTransfer(recipient: string): Promise<void> {
  await api('post', '/api/plugandplay/profile/transfer-user-1/{recipient}', { ...OWN, params: { recipient: recipient.trim() } });
}

export async function cancelTransfer(): Promise<void> {
  await api('delete', '/api/plugandplay/profile/transfer-user-1', OWN);
}

export async function transferDetails(id: string, token: string): Promise<AnswerOf<typeof TRANSFER>> {
  return api('get', TRANSFER, { ...OWN, params: { id, token } });
}

export async function acceptTransfer(id: string, token: string): Promise<AnswerOf<typeof TRANSFER, 'post'>> {
  return api('post', TRANSFER, { ...OWN, params: { id, token } });
}

export async function deleteAccount(password: string): Promise<void> {
  await api('post', '/api/plugandplay/profile/delete-user', { ...OWN, body: { password } });
}

export { failureOf } from '../../../components/forms/failureOf';
