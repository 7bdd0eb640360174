/**
 * The avatar rule, shared by the server (which refuses before storing anything) and the browser
 * (which checks before uploading): PNG, JPEG, GIF or WebP, recognised by their first bytes, not
 * by the file name, at most AVATAR_MAX_MB megabytes. SVG is left out on purpose: it can carry script.
 */
export const AVATAR_MAX_MB = 2;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** Bytes needed to recognise every accepted type. */
export const AVATAR_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The image type the content really is, or undefined when it is none of the accepted ones. */
export function imageTypeOf(bytes: Uint8Array): AvatarType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** What is wrong with an avatar file ('validation' / 'profile' namespace keys), or undefined. */
export function avatarProblem(size: number, firstBytes: Uint8Array): { key: string; values?: Record<string, number> } | undefined {
  if (size > AVATAR_MAX_BYTES) return { key: 'validation:imageTooBig', values: { size: AVATAR_MAX_MB } };
  if (size === 0 || !imageTypeOf(firstBytes)) return { key: 'profile:avatar.notImage' };
  return undefined;
}
