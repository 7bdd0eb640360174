/** Why a carer lands on the home page signed out for good: their account was deleted, or its data erased (the account page sends them with `?goodbye=`). */
export const GOODBYE_PARAM = 'goodbye';
export const GOODBYES = ['deleted', 'erased'] as const;
export type Goodbye = (typeof GOODBYES)[number];

/** The goodbye a URL's query names, if it is one. */
export function goodbyeOf(search: string): Goodbye | null {
  const value = new URLSearchParams(search).get(GOODBYE_PARAM);
  return GOODBYES.find((g) => g === value) ?? null;
}
