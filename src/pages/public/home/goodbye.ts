/**
 * Why a carer lands on the home page signed out: their account was deleted, its data erased (the
 * account page sends them with `?goodbye=`), or it was transferred to someone else, which ended
 * this sign-in (any screen sends them, from the API's answer).
 */
export const GOODBYE_PARAM = 'goodbye';
export const GOODBYES = ['deleted', 'erased', 'transferred'] as const;
export type Goodbye = (typeof GOODBYES)[number];

/** The home page that says goodbye for this reason. */
export const goodbyeUrl = (why: Goodbye) => `/?${GOODBYE_PARAM}=${why}`;

/** The goodbye a URL's query names, if it is one. */
export function goodbyeOf(search: string): Goodbye | null {
  const value = new URLSearchParams(search).get(GOODBYE_PARAM);
  return GOODBYES.find((g) => g === value) ?? null;
}
