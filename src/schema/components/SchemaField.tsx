import Stack from '@mui/material/Stack';
import {
  ArrayField,
  BooleanField,
  ChipField,
  DataTable,
  EmailField,
  NumberField,
  RecordField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextArrayField,
  TextField,
  UrlField,
  useLocaleState,
} from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { fieldKind } from '../fieldKind';
import { propertyAt } from '../labels';
import { isKnownResource } from '../registry';
import { useFieldLabel } from '../useFieldLabel';
import { ColorText } from './ColorText';
import { CountLink } from './CountLink';
import { DateText, DateTimeText } from './DateTimeText';
import { EnumField } from './EnumField';
import { RichTextView } from './RichTextInput';

export interface SchemaFieldProps {
  schema: ResourceSchema;
  /** Property path in the schema ('name', 'contacts.email'). */
  field: string;
  /** Record path; defaults to `field`. Layouts (SimpleShowLayout, DataTable) read `source` and `label`. */
  source?: string;
  label?: string;
  /** Whether a reference links to the referenced record (not inside a clickable row). */
  link?: boolean;
}

/** The read-only display of one property, chosen by its kind (fieldKind.ts). */
export function SchemaField({ schema, field, source = field, link = true }: SchemaFieldProps) {
  const [locale] = useLocaleState();
  const labelOf = useFieldLabel(schema);
  const property = propertyAt(schema, field);
  if (!property) return null;
  const resource = schema['x-resource'].name;
  const name = field.split('.').pop() ?? field;
  const reference = property['x-reference'] ?? property.items?.['x-reference'];

  switch (fieldKind(property)) {
    case 'reference':
      return reference && isKnownResource(reference.resource) ? (
        <ReferenceField source={source} reference={reference.resource} link={link ? 'show' : false}>
          <TextField source={reference.display} />
        </ReferenceField>
      ) : (
        <TextField source={source} />
      );
    case 'referenceArray':
      return reference && isKnownResource(reference.resource) ? (
        <ReferenceArrayField source={source} reference={reference.resource}>
          <SingleFieldList linkType={link ? 'show' : false}>
            <ChipField source={reference.display} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      ) : (
        <TextArrayField source={source} />
      );
    case 'enum':
    case 'enumArray':
      return <EnumField resource={resource} field={name} source={source} />;
    case 'integer':
    case 'number': {
      const count = property['x-computed']?.count;
      return count && link && isKnownResource(count.resource) ? <CountLink source={source} count={count} /> : <NumberField source={source} locales={locale} />;
    }
    case 'boolean':
      return <BooleanField source={source} />;
    case 'date':
      return <DateText source={source} />;
    case 'datetime':
      return <DateTimeText source={source} />;
    case 'email':
      return <EmailField source={source} />;
    case 'url':
      return <UrlField source={source} target="_blank" rel="noopener noreferrer" />;
    case 'color':
      return <ColorText source={source} />;
    case 'password':
      return null;
    case 'richtext':
      return <RichTextView source={source} />;
    case 'textarea':
      return <TextField source={source} sx={{ whiteSpace: 'pre-wrap' }} />;
    case 'textArray':
      return <TextArrayField source={source} />;
    case 'objectArray': {
      const items = Object.entries(property.items?.properties ?? {}).filter(([, p]) => !p['x-hidden']);
      return (
        <ArrayField source={source}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            {items.map(([sub]) => (
              <DataTable.Col key={sub} source={sub} label={labelOf(`${field}.${sub}`)} disableSort>
                <SchemaField schema={schema} field={`${field}.${sub}`} source={sub} link={false} />
              </DataTable.Col>
            ))}
          </DataTable>
        </ArrayField>
      );
    }
    case 'object':
      return (
        <Stack spacing={0.5}>
          {Object.entries(property.properties ?? {})
            .filter(([, p]) => !p['x-hidden'])
            .map(([sub]) => (
              <RecordField key={sub} label={labelOf(`${field}.${sub}`)} variant="inline">
                <SchemaField schema={schema} field={`${field}.${sub}`} source={`${source}.${sub}`} link={link} />
              </RecordField>
            ))}
        </Stack>
      );
    default:
      return <TextField source={source} />;
  }
}
