import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/schema/csv';
import { exportCell, recordsToCsv } from '../../src/schema/exportCsv';
import { fieldTitle } from '../../src/schema/labels';
import type { Translate } from '../../src/schema/validation/messages';
import { GADGETS } from './schema-fixtures';

const labels: Record<string, string> = { 'resources.gadgets.enums.kind.watch': 'Ur', 'resources.gadgets.enums.colours.red': 'Rød' };
const translate: Translate = (key, options = {}) => labels[key] ?? String(options._ ?? key);

describe('CSV export', () => {
  it('quotes cells as RFC 4180 says and defuses spreadsheet formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['=SUM(A1)', 3], [null, 'line\nbreak']])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),3\r\n,"line\nbreak"',
    );
  });

  it('writes references by display value, enums by translated label, lists joined, objects as JSON', () => {
    const refs = { ownerId: { p1: 'Ada Lovelace' } };
    expect(exportCell(GADGETS, 'ownerId', 'p1', refs, translate)).toBe('Ada Lovelace');
    expect(exportCell(GADGETS, 'ownerId', 'p2', refs, translate)).toBe('p2');
    expect(exportCell(GADGETS, 'kind', 'watch', refs, translate)).toBe('Ur');
    expect(exportCell(GADGETS, 'kind', 'band', refs, translate)).toBe('band');
    expect(exportCell(GADGETS, 'colours', ['red', 'blue'], refs, translate)).toBe('Rød; blue');
    expect(exportCell(GADGETS, 'tags', ['a', 'b'], refs, translate)).toBe('a; b');
    expect(exportCell(GADGETS, 'parts', [{ label: 'A' }], refs, translate)).toBe('[{"label":"A"}]');
    expect(exportCell(GADGETS, 'price', 12.5, refs, translate)).toBe(12.5);
    expect(exportCell(GADGETS, 'endDate', null, refs, translate)).toBe('');
  });

  it('has a header of translated labels, without hidden fields', () => {
    const csv = recordsToCsv([{ id: 'g1', name: 'Watch', kind: 'watch', secret: 's' }], GADGETS, {}, translate, (f) => fieldTitle(GADGETS, f));
    const [header, row] = csv.split('\r\n');
    expect(header!.startsWith('id,Name,Kind,Owner id,Launch date,End date')).toBe(true);
    expect(header).not.toContain('Secret');
    expect(row!.startsWith('g1,Watch,Ur,,')).toBe(true);
  });
});
