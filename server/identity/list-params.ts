import { queryParam } from '../http/paging';
import { UUID } from './scope';
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
    if (!Number.isNaN(Date.parse(v))) return new Date(v);
    throw invalid(this.lang, [problem(name, 'validation:invalid', this.lang)]);
  }
}

/** A LIKE pattern matching the text anywhere, with the wildcard characters escaped. */
export const contains = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
