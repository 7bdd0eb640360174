import { describe, expect, it } from 'vitest';
import { toPayload } from '../../src/schema/payload';
import { GADGETS } from './schema-fixtures';

describe('create/update payload', () => {
  const record = {
    id: '6c1f…',
    tenantId: 't1',
    creationTime: '2026-01-01T00:00:00Z',
    creatorId: 'u1',
    lastModificationTime: null,
    lastModifierId: null,
    concurrencyStamp: 'abc',
    name: 'Watch',
    kind: 'watch',
    serial: 'S-1',
    usage: 3,
    secret: 'kept',
    somethingElse: 1,
  };

  it('keeps writable schema fields and the concurrency stamp, strips system, read-only, computed and unknown fields', () => {
    expect(toPayload(record, GADGETS)).toEqual({ name: 'Watch', kind: 'watch', secret: 'kept', concurrencyStamp: 'abc' });
  });

  it('sends null for a cleared nullable field and leaves out an empty non-nullable one (so `required` fails as on the server)', () => {
    expect(toPayload({ name: '', email: '', endDate: null, price: null }, GADGETS)).toEqual({ email: null, endDate: null });
  });

  it('serialises dates, numbers typed as text, nested objects and arrays of objects', () => {
    const payload = toPayload(
      {
        launchDate: new Date(2026, 2, 5, 12),
        seenAt: new Date(Date.UTC(2026, 2, 5, 8, 30)),
        price: '12.5',
        address: { street: 'Main 1', extra: 'x' },
        parts: [{ label: 'A', count: 2, junk: true }, { label: '', count: null }],
        tags: ['a', 'b'],
      },
      GADGETS,
    );
    expect(payload).toEqual({
      launchDate: '2026-03-05',
      seenAt: '2026-03-05T08:30:00.000Z',
      price: 12.5,
      address: { street: 'Main 1' },
      parts: [{ label: 'A', count: 2 }, {}],
      tags: ['a', 'b'],
    });
  });
});
