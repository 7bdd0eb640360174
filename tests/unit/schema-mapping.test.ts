import { describe, expect, it } from 'vitest';
import { fieldKind } from '../../src/schema/fieldKind';
import { defaultSort, filterSpecs, formFields, listColumns, shownFields, tabsFor, viewEnabled } from '../../src/schema/fields';
import { normalizeMac } from '../../src/schema/mac';
import type { ResourceSchema } from '../../common/schema/types';
import { schemaRouteFor } from '../../src/routing/findRoute';
import { GADGETS } from './schema-fixtures';

const kindOf = (field: string) => fieldKind(GADGETS.properties[field]!);

describe('schema property -> field kind (input and display)', () => {
  it('follows REFERENCE.md: references, enums, numbers, booleans, formats, widgets, arrays, objects', () => {
    expect(
      Object.fromEntries(Object.keys(GADGETS.properties).map((field) => [field, kindOf(field)])),
    ).toEqual({
      name: 'text',
      kind: 'enum',
      ownerId: 'reference',
      launchDate: 'date',
      endDate: 'date',
      seenAt: 'datetime',
      price: 'number',
      discount: 'integer',
      active: 'boolean',
      email: 'email',
      site: 'url',
      phone: 'phone',
      mac: 'mac',
      notes: 'textarea',
      body: 'richtext',
      tags: 'textArray',
      colours: 'enumArray',
      parts: 'objectArray',
      address: 'object',
      secret: 'text',
      serial: 'text',
      usage: 'integer',
    });
  });

  it('lets a widget override the format and maps arrays of references', () => {
    expect(fieldKind({ type: 'string', format: 'date-time', 'x-widget': 'date' })).toBe('date');
    expect(fieldKind({ type: 'array', items: { type: 'string', 'x-reference': { resource: 'people', display: 'fullName' } } })).toBe('referenceArray');
    expect(fieldKind({ type: ['string', 'null'], enum: [null] })).toBe('text');
  });
});

describe('which fields each screen shows', () => {
  it('hides x-hidden everywhere and read-only fields on create only', () => {
    expect(shownFields(GADGETS)).not.toContain('secret');
    expect(formFields(GADGETS, 'edit')).toEqual(expect.arrayContaining(['serial', 'usage']));
    expect(formFields(GADGETS, 'create')).not.toContain('serial');
    expect(formFields(GADGETS, 'create')).not.toContain('usage');
  });

  it('keeps list columns that exist and are shown', () => {
    expect(listColumns(GADGETS)).toEqual(['name', 'kind', 'launchDate', 'price']);
  });

  it('puts fields no tab names into the first tab and drops empty tabs', () => {
    const tabs = tabsFor(GADGETS, formFields(GADGETS, 'create'))!;
    expect(tabs.map((t) => t.name)).toEqual(['general', 'pricing']);
    expect(tabs[0]!.fields.slice(0, 4)).toEqual(['name', 'kind', 'launchDate', 'endDate']);
    expect(tabs[0]!.fields).toContain('ownerId');
    expect(tabs[1]!.fields).toEqual(['price', 'discount']);
    expect(tabsFor({ ...GADGETS, 'x-resource': { ...GADGETS['x-resource'], tabs: undefined } }, ['name'])).toBeUndefined();
  });
});

describe('list parameters', () => {
  it('filters: list.filters then x-filter fields, dates and numbers as ranges', () => {
    expect(filterSpecs(GADGETS)).toEqual([
      { field: 'kind', kind: 'enum', sources: ['kind'], pinned: true },
      { field: 'launchDate', kind: 'date', sources: ['launchDate_gte', 'launchDate_lte'], pinned: true },
      { field: 'price', kind: 'number', sources: ['price_gte', 'price_lte'], pinned: false },
    ]);
  });

  it('sorts by the schema order, else the first sortable column, else not at all', () => {
    expect(defaultSort(GADGETS)).toEqual({ field: 'name', order: 'ASC' });
    const list = { ...GADGETS['x-resource'].list, sort: undefined, columns: ['kind', 'launchDate'] };
    expect(defaultSort({ ...GADGETS, 'x-resource': { ...GADGETS['x-resource'], list } })).toEqual({ field: 'launchDate', order: 'ASC' });
    const unsortable: ResourceSchema = { ...GADGETS, 'x-resource': { ...GADGETS['x-resource'], list: { columns: ['kind'] } } };
    expect(defaultSort(unsortable).field).toBe('');
  });

  it('turns views off only when the schema says false', () => {
    expect(viewEnabled(GADGETS, 'edit')).toBe(true);
    expect(viewEnabled({ ...GADGETS, 'x-resource': { ...GADGETS['x-resource'], views: { edit: false } } }, 'edit')).toBe(false);
  });
});

describe('routes and inputs', () => {
  it('gives a schema resource the schemaResource route at its name', () => {
    expect(schemaRouteFor('customers')?.key).toBe('customers');
    expect(schemaRouteFor('contact-people')?.key).toBe('contactPeople');
    expect(schemaRouteFor('gadgets')).toBeUndefined();
    // A path that is a screen or a hand-written resource is not a schema's to take.
    expect(schemaRouteFor('dashboard')).toBeUndefined();
    expect(schemaRouteFor('tenants')).toBeUndefined();
  });

  it('normalises MAC addresses while typing', () => {
    expect(normalizeMac('aabb.ccdd-eeff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(normalizeMac('a')).toBe('A');
    expect(normalizeMac('aab')).toBe('AA:B');
    expect(normalizeMac('AA:BB:CC:DD:EE:FF:00')).toBe('AA:BB:CC:DD:EE:FF');
    expect(normalizeMac('')).toBeNull();
    expect(normalizeMac(null)).toBeNull();
  });
});

describe('reference lookups', () => {
  it('order by the display field when sortable, else by the referenced list\'s default, never by id', async () => {
    const { setSchemas } = await import('../../src/schema/registry');
    const { lookupOrderFor } = await import('../../src/schema/lookup');
    const people: ResourceSchema = {
      ...GADGETS,
      'x-resource': { ...GADGETS['x-resource'], name: 'people', list: { columns: ['name'], sort: { field: 'launchDate', order: 'DESC' } } },
    };
    setSchemas([GADGETS, people]);
    expect(lookupOrderFor('people', 'name')).toEqual({ field: 'name', order: 'ASC' });
    expect(lookupOrderFor('people', 'kind')).toEqual({ field: 'launchDate', order: 'DESC' });
    expect(lookupOrderFor('unknown', 'name')).toEqual({ field: '', order: 'ASC' });
  });
});

describe('date-time inputs', () => {
  it('send the local wall-clock time as an ISO instant', async () => {
    const { localDateTimeToIso } = await import('../../src/schema/dateTime');
    expect(localDateTimeToIso('2026-03-05T14:30')).toBe(new Date(2026, 2, 5, 14, 30).toISOString());
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('nonsense')).toBe('nonsense');
  });
});
