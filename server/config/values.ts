import { DEFAULT_LINKS, type ExternalLinks } from '../../common/links';

/** LOG_FORMAT: 'json' (one JSON object a line), 'pretty' (pino-pretty, words), or 'auto': pretty in a terminal, JSON otherwise. */
export type LogFormat = 'auto' | 'pretty' | 'json';

/** A yes/no setting: unset or empty is the fallback, and anything but 1/true/yes/on is no. */
export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** A whole number above 0, or undefined (unset or not a count: the default applies). */
export function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** LOG_FORMAT: a set value other than the three is refused, never guessed. */
export function logFormat(value: string | undefined): LogFormat {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'auto';
  if (v === 'auto' || v === 'pretty' || v === 'json') return v;
  throw new Error(`LOG_FORMAT must be json, pretty or auto, not "${value}"`);
}

/** LINKS_JSON: the operator's link targets over the defaults, group by group. */
export function links(json: string | undefined): ExternalLinks {
  if (!json) return DEFAULT_LINKS;
  const given = JSON.parse(json) as Partial<ExternalLinks>;
  return {
    ...DEFAULT_LINKS,
    ...given,
    apps: { ...DEFAULT_LINKS.apps, ...given.apps },
    privacy: { ...DEFAULT_LINKS.privacy, ...given.privacy },
    support: { ...DEFAULT_LINKS.support, ...given.support },
  };
}
