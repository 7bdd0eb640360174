import { queryParam } from '../http/paging';
import { UUID } from '../multitenancy/scope';
import { invalid, problem } from './validation';

/** Query parameters of identity lists, camelCase or PascalCase; malformed values are a 400. */
export class ListParams {
  constructor(
    private readonly query: Record<string, unknown>,
    private readonly lang: string,
  ) {}

  text(name: string): string | undefined {
    const v = queryParam(this.query, name);
    const s = Array.isArray(v) ? v[0] : v;
    return typeof s === 'string' && s.trim() ? s.trim().slice(0, 256) : undefined;
  }

  bool(name: string): boolean | undefined {
    const v = this.text(name)?.toLowerCase();
    if (v === undefined) return undefined;
    if (v === 'true' || v === 'false') return v === 'true';
    throw invalid(this.lang, [problem(name, 'validation:invalid', this.lang)]);
  }

  uuid(name: string): string | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    if (UUID.test(v)) return v;
    throw invalid(this.lang, [problem(name, 'validation:invalid', this.lang)]);
  }

  date(name: string): Date | undefined {
    const v = this.text(name);
    if (v === undefined) return undefined;
    if (isStorableTime(Date.parse(v))) return new Date(v);
    throw invalid(this.lang, [problem(name, 'validation:invalid', this.lang)]);
  }
}

/** Years 1 to 9999: JavaScript reads '+045311-10-11' as a date that PostgreSQL cannot compare with (a 500). */
const FIRST_TIME = Date.parse('0001-01-01T00:00:00Z');
const LAST_TIME = Date.parse('9999-12-31T23:59:59.999Z');
export const isStorableTime = (time: number) => time >= FIRST_TIME && time <= LAST_TIME;

/** A LIKE pattern matching the text anywhere, with the wildcard characters escaped. */
export const contains = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
