import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';
import type { ResourceSchema } from '../../../common/schema/types';
import { filterSpecs, hasSearch, type FilterSpec } from '../fields';
import { isKnownResource } from '../registry';
import type { Translate } from '../validation/messages';
import { DEFAULT_LOOKUP_LIMIT, lookupOrderFor } from '../lookup';
import { DateInput } from '../../components/dates/DateInput';

const NUMBER_KINDS = new Set(['integer', 'number']);

function filterInputs(spec: FilterSpec, schema: ResourceSchema, translate: Translate, label: string, alwaysOn: boolean): ReactElement[] {
  const property = schema.properties[spec.field]!;
  const resource = schema['x-resource'].name;
  if (spec.sources.length === 2) {
    const [from, to] = spec.sources as [string, string];
    const fromLabel = translate('schema.filter.from', { field: label });
    const toLabel = translate('schema.filter.to', { field: label });
    if (NUMBER_KINDS.has(spec.kind)) {
      return [
        <NumberInput key={from} source={from} label={fromLabel} alwaysOn={alwaysOn} helperText={false} />,
        <NumberInput key={to} source={to} label={toLabel} alwaysOn={alwaysOn} helperText={false} />,
      ];
    }
    // A 'date' range compares days ('YYYY-MM-DD'); a 'date-time' range compares instants, a whole day each end.
    if (spec.kind === 'datetime') {
      return [
        <DateInput key={from} source={from} label={fromLabel} alwaysOn={alwaysOn} helperText={false} sends="dayStart" filter />,
        <DateInput key={to} source={to} label={toLabel} alwaysOn={alwaysOn} helperText={false} sends="dayEnd" filter />,
      ];
    }
    return [
      <DateInput key={from} source={from} label={fromLabel} alwaysOn={alwaysOn} helperText={false} filter />,
      <DateInput key={to} source={to} label={toLabel} alwaysOn={alwaysOn} helperText={false} filter />,
    ];
  }
  const common = { source: spec.field, label, alwaysOn, helperText: false as const };
  switch (spec.kind) {
    case 'enum': {
      const choices = (property.enum ?? [])
        .filter((v): v is string | number => v !== null)
        .map((v) => ({ id: v, name: translate(labelKeys.enumValue(resource, spec.field, String(v)), { _: String(v) }) }));
      return [<SelectInput key={spec.field} {...common} choices={choices} />];
    }
    case 'boolean':
      return [<NullableBooleanInput key={spec.field} {...common} />];
    case 'reference': {
      const reference = property['x-reference']!;
      if (!isKnownResource(reference.resource)) return [<TextInput key={spec.field} {...common} />];
      return [
        <ReferenceInput key={spec.field} source={spec.field} reference={reference.resource} perPage={reference.lookupLimit ?? DEFAULT_LOOKUP_LIMIT} sort={lookupOrderFor(reference.resource, reference.display)} alwaysOn={alwaysOn}>
          <AutocompleteInput label={label} optionText={reference.display} filterToQuery={(q: string) => ({ q })} helperText={false} size="small" />
        </ReferenceInput>,
      ];
    }
    default:
      return [<TextInput key={spec.field} {...common} />];
  }
}

/**
 * The list's filters: the free-text search (`q`, sent as `Filter`) when the schema names search
 * fields, then each per-field filter, dates and numbers as a from/to range. Those in
 * `list.filters` are shown above the list, the other `x-filter` fields (and, on a phone, all but
 * the search) are behind react-admin's "Add filter" button.
 */
export function listFilters(schema: ResourceSchema, translate: Translate, labelOf: (field: string) => string, compact = false): ReactElement[] {
  const inputs: ReactElement[] = [];
  if (hasSearch(schema)) inputs.push(<SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />);
  for (const spec of filterSpecs(schema)) inputs.push(...filterInputs(spec, schema, translate, labelOf(spec.field), spec.pinned && !compact));
  return inputs;
}
