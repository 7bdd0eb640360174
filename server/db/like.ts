/** A LIKE pattern matching the text anywhere, with the wildcard characters escaped. */
export const contains = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
