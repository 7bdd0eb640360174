import { describe, expect, it } from 'vitest';
import { fillPath } from '../../src/providers/openapi/typedApi';

describe('typed API paths', () => {
  it('fills and encodes path parameters', () => {
    expect(fillPath('/api/app/geofences/{id}', { id: 'a b/c' })).toBe('/api/app/geofences/a%20b%2Fc');
    expect(fillPath('/api/x/{resourceName}/{cultureName}', { resourceName: 'Vigil', cultureName: 'da' })).toBe('/api/x/Vigil/da');
    expect(fillPath('/api/app/geofences')).toBe('/api/app/geofences');
  });

  it('refuses a call missing a path parameter rather than sending {id}', () => {
    expect(() => fillPath('/api/app/geofences/{id}', {})).toThrow(/Missing path parameter id/);
  });
});
