/**
 * An error whose text for people is a translation key (with its values): screens show it in the
 * user's language, while `message` stays English for the console.
 */
export class LocalizedError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string | number>,
    message: string,
  ) {
    super(message);
    this.name = 'LocalizedError';
  }
}
