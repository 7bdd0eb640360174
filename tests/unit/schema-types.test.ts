import fs from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { OUTPUT, renderRecordTypes } from '../../scripts/gen-schema-types';
import type { CustomersRecord, DevicesRecord } from '../../common/schema/generated/records';

describe('record types generated from the schemas', () => {
  it('are up to date with schemas/ (run `npm run gen:types` after changing a schema)', () => {
    expect(fs.readFileSync(OUTPUT, 'utf8')).toBe(renderRecordTypes());
  });

  it('type the fields as the schema declares them', () => {
    expectTypeOf<CustomersRecord['name']>().toEqualTypeOf<string>();
    expectTypeOf<CustomersRecord['discountPercentage']>().toEqualTypeOf<number>();
    expectTypeOf<DevicesRecord['subscriptionStatus']>().toEqualTypeOf<'active' | 'paused'>();
    expectTypeOf<DevicesRecord['concurrencyStamp']>().toEqualTypeOf<string>();
  });
});
