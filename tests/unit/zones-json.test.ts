import { describe, expect, it } from 'vitest';
import { zonesJson } from '../../server/ingest/device-states';
import type { ZoneState } from '../../server/alarms/evaluate';

describe('the zones state as stored', () => {
  it('is the JSON object of the zone states, whatever fields each has', () => {
    const zones = new Map<string, ZoneState>([
      ['0b7c3a52-8f0e-4a55-9d51-0c1f2a3b4c5d', { s: 'in', p: 0, a: false }],
      ['1c8d4b63-9a1f-4b66-8e62-1d2a3b4c5d6e', { s: 'out', p: 2, a: true }],
      ['2d9e5c74-ab20-4c77-9f73-2e3b4c5d6e7f', { p: 1 }],
      ['3eaf6d85-bc31-4d88-8a84-3f4c5d6e7f80', {}],
    ]);
    const text = zonesJson(zones);
    expect(JSON.parse(text)).toEqual(Object.fromEntries(zones));
    expect(text).toBe(JSON.stringify(Object.fromEntries(zones)));
    expect(zonesJson(new Map())).toBe('{}');
  });
});
