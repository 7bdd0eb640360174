import type { TFunction } from 'i18next';
import { LocalizedError } from '../i18n/localizedError';

function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The server answered in ABP's format: its message is already in the user's language. */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  const body = (error as { body?: { abp?: unknown } }).body;
  return body?.abp === true ? error.message : undefined;
}

/**
 * What went wrong, in the user's language: a LocalizedError's own text, the server's (translated)
 * message, the HTTP status in words, or a lost connection (fetch's TypeError, worded by the
 * browser in English). Anything else is a programming error whose message is all there is.
 */
export function errorDetail(error: unknown, t: TFunction): string | undefined {
  // The English message when the texts themselves could not load.
  if (error instanceof LocalizedError) return t(error.key, { ...error.values, defaultValue: error.message });
  const status = statusOf(error);
  if (status !== undefined) return serverMessage(error) ?? t('errors.serverStatus', { status });
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return t('errors.network');
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return undefined;
}
