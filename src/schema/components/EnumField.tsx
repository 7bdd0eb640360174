import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useFieldValue, useTranslate } from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';

interface EnumFieldProps {
  resource: string;
  /** Property name (the translation key's field). */
  field: string;
  source: string;
  label?: string;
}

/** An enum value (or a list of them) as chips with the translated label (`resources.<r>.enums.<field>.<value>`). */
export function EnumField({ resource, field, source }: EnumFieldProps) {
  const translate = useTranslate();
  const value: unknown = useFieldValue({ source });
  if (value == null || value === '') return null;
  const values = Array.isArray(value) ? value : [value];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" component="span">
      {values.map((v) => (
        <Chip key={String(v)} size="small" label={translate(labelKeys.enumValue(resource, field, String(v)), { _: String(v) })} />
      ))}
    </Stack>
  );
}
