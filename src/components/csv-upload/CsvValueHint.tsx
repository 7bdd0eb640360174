import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';
import type { ResourceSchema } from '../../../common/schema/types';
import { useFieldLabel } from '../../schema/useFieldLabel';

/** The writable fields with a fixed set of values, each with its values as the list shows them. */
function choiceFields(schema: ResourceSchema): [string, string[]][] {
  return Object.entries(schema.properties).flatMap(([field, property]) => {
    const values = (property.enum ?? []).filter((value): value is string => typeof value === 'string');
    return values.length && !property.readOnly && !property['x-hidden'] && !property['x-computed'] ? [[field, values] as [string, string[]]] : [];
  });
}

/**
 * Under the CSV dialog's help: the words each choice column takes, as the list shows them (the
 * server reads them in any language and any case, as well as the stored values).
 */
export function CsvValueHint({ schema }: { schema: ResourceSchema }) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  const resource = schema['x-resource'].name;
  const fields = choiceFields(schema);
  if (!fields.length) return null;
  return (
    <Typography variant="body2" component="div" sx={{ mb: 2 }}>
      {translate('csvUpload.valuesHint')}
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {fields.map(([field, values]) => (
          <li key={field}>
            {translate('csvUpload.values', { field: labelOf(field), values: values.map((value) => translate(labelKeys.enumValue(resource, field, value), { _: value })).join(', ') })}
          </li>
        ))}
      </Box>
    </Typography>
  );
}
