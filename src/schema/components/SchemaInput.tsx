import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';
import type { PropertySchema, ResourceSchema } from '../../../common/schema/types';
import { fieldKind } from '../fieldKind';
import { isReadOnly } from '../fields';
import { propertyAt } from '../labels';
import { DateInput } from '../../components/dates/DateInput';
import { DateTimeInput } from '../../components/dates/DateTimeInput';
import { normalizeMac } from '../mac';
import { DEFAULT_LOOKUP_LIMIT, lookupOrderFor } from '../lookup';
import { isKnownResource } from '../registry';
import { useFieldLabel } from '../useFieldLabel';
import { RichTextInput } from './RichTextInput';
import { useWriteTenantMeta } from '../views/writeTenant';

export interface SchemaInputProps {
  schema: ResourceSchema;
  /** Property path in the schema ('name', 'contacts.email'). */
  field: string;
  /** Form path; defaults to `field` (inside an array item it is the item's own key). */
  source?: string;
  required?: boolean;
  /** Set by a read-only parent (an array or object): its parts are read-only too. */
  readOnly?: boolean;
}


const enumValues = (property: PropertySchema | undefined): (string | number)[] =>
  (property?.enum ?? []).filter((v): v is string | number => v !== null);

/** The input of one property, chosen by its kind (fieldKind.ts); read-only properties show disabled. */
export function SchemaInput({ schema, field, source = field, required = false, readOnly = false }: SchemaInputProps) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  // A create saving in a chosen tenant offers that tenant's records.
  const tenantQuery = useWriteTenantMeta();
  const property = propertyAt(schema, field);
  if (!property || property['x-hidden']) return null;
  const resource = schema['x-resource'].name;
  const name = field.split('.').pop() ?? field;
  // The help text in the user's language (x-translations.<lng>.help), else the English description.
  const help = property.description ? translate(labelKeys.help(resource, field), { _: property.description }) : undefined;
  const common = {
    source,
    label: labelOf(field),
    isRequired: required,
    readOnly: readOnly || isReadOnly(property),
    fullWidth: true,
    ...(help ? { helperText: help } : {}),
  };
  const reference = property['x-reference'] ?? property.items?.['x-reference'];
  const lookup = reference && isKnownResource(reference.resource) ? reference : undefined;
  const lookupSort = lookup ? lookupOrderFor(lookup.resource, lookup.display) : undefined;
  const choices = (values: (string | number)[]) =>
    values.map((value) => ({ id: value, name: translate(labelKeys.enumValue(resource, name, String(value)), { _: String(value) }) }));

  switch (fieldKind(property)) {
    case 'reference':
      return lookup ? (
        <ReferenceInput source={source} reference={lookup.resource} perPage={lookup.lookupLimit ?? DEFAULT_LOOKUP_LIMIT} sort={lookupSort} {...(tenantQuery ? { queryOptions: tenantQuery } : {})}>
          <AutocompleteInput {...common} optionText={lookup.display} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>
      ) : (
        <TextInput {...common} />
      );
    case 'referenceArray':
      return lookup ? (
        <ReferenceArrayInput source={source} reference={lookup.resource} perPage={lookup.lookupLimit ?? DEFAULT_LOOKUP_LIMIT} sort={lookupSort} {...(tenantQuery ? { queryOptions: tenantQuery } : {})}>
          <AutocompleteArrayInput {...common} optionText={lookup.display} filterToQuery={(q: string) => ({ q })} />
        </ReferenceArrayInput>
      ) : (
        <TextArrayInput {...common} />
      );
    case 'enum':
      return <SelectInput {...common} choices={choices(enumValues(property))} />;
    case 'enumArray':
      return <SelectArrayInput {...common} choices={choices(enumValues(property.items))} />;
    case 'integer':
      // No min/max attributes: the browser's own bubble would repeat the schema's translated message in English.
      return <NumberInput {...common} step={1} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'email':
      return <TextInput {...common} type="email" autoComplete="off" />;
    case 'url':
      return <TextInput {...common} type="url" />;
    case 'phone':
      return <TextInput {...common} type="tel" />;
    case 'mac':
      return <TextInput {...common} parse={normalizeMac} placeholder="AA:BB:CC:DD:EE:FF" slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'color':
      return <TextInput {...common} type="color" />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} />;
    case 'richtext':
      return <RichTextInput {...common} />;
    case 'textArray':
      return <TextArrayInput {...common} />;
    case 'objectArray':
      return (
        <ArrayInput source={source} label={common.label} isRequired={required}>
          <SimpleFormIterator inline disableReordering fullWidth disabled={common.readOnly}>
            {Object.keys(property.items?.properties ?? {}).map((sub) => (
              <SchemaInput
                key={sub}
                schema={schema}
                field={`${field}.${sub}`}
                source={sub}
                required={(property.items?.required ?? []).includes(sub)}
                readOnly={common.readOnly}
              />
            ))}
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'object':
      return (
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2, width: '100%' }}>
          <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
            {common.label}
          </Typography>
          {Object.keys(property.properties ?? {}).map((sub) => (
            <SchemaInput
              key={sub}
              schema={schema}
              field={`${field}.${sub}`}
              source={`${source}.${sub}`}
              required={(property.required ?? []).includes(sub)}
              readOnly={common.readOnly}
            />
          ))}
        </Box>
      );
    default:
      return <TextInput {...common} />;
  }
}
