import type { Dayjs } from 'dayjs';
import { FieldTitle, InputHelperText, useInput, type CommonInputProps } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './formats';
import { dayEndToApi, dayFromValue, dayStartToApi, dayToApi, instantFromValue, instantToApi } from './convert';
import { PickersLocalization } from './PickersLocalization';
import { usePickerField } from './usePickerField';

/**
 * What the input sends: a 'date' property's 'YYYY-MM-DD'; the instant a picked day starts or ends
 * (a range filter over instants); the picked moment as an ISO instant.
 */
export type PickerSends = 'date' | 'dayStart' | 'dayEnd' | 'instant';

const CONVERSIONS: Record<PickerSends, { fromValue: (value: unknown) => Dayjs | null; toApi: (picked: Dayjs | null) => string | null }> = {
  date: { fromValue: dayFromValue, toApi: dayToApi },
  dayStart: { fromValue: instantFromValue, toApi: dayStartToApi },
  dayEnd: { fromValue: instantFromValue, toApi: dayEndToApi },
  instant: { fromValue: instantFromValue, toApi: instantToApi },
};

export type PickerInputProps = Omit<CommonInputProps, 'format' | 'parse'> & {
  size?: 'small' | 'medium';
  className?: string;
  /** A list filter: an incomplete date filters on nothing rather than being flagged. */
  filter?: boolean;
};

/**
 * A react-admin input around MUI X's date (or date and time) picker, read and typed as dd/MM/yy
 * (HH:mm - dd/MM/yy) in the user's language. Validation (the form's, `validate`, the server's
 * field errors) shows under it like under any react-admin input.
 */
export function PickerInput({ sends, withTime, filter = false, ...props }: PickerInputProps & { sends: PickerSends; withTime: boolean }) {
  const { source, label, helperText, className, fullWidth, margin, variant, size = 'small', disabled, readOnly, resource } = props;
  const { field, fieldState, id, isRequired } = useInput({
    source,
    resource,
    defaultValue: props.defaultValue,
    validate: props.validate,
    isRequired: props.isRequired,
    disabled,
    readOnly,
    format: (value: unknown) => value,
    parse: (value: unknown) => value,
  });
  const conversion = CONVERSIONS[sends];
  const [value, onChange] = usePickerField(field.value, field.onChange, conversion.fromValue, conversion.toApi, filter);
  const { error, invalid } = fieldState;
  const textField = {
    id,
    onBlur: () => field.onBlur(),
    error: invalid,
    fullWidth: fullWidth ?? false,
    size,
    margin: margin ?? 'dense',
    ...(variant ? { variant } : {}),
    className: ['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' '),
    label:
      label !== '' && label !== false ? <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} /> : null,
    helperText: helperText !== false || invalid ? <InputHelperText error={error?.message} helperText={helperText} /> : null,
  };
  const common = {
    value,
    onChange: (picked: Dayjs | null) => onChange(picked),
    name: field.name,
    inputRef: field.ref,
    disabled: Boolean(disabled),
    readOnly: Boolean(readOnly),
    slotProps: { textField, field: { clearable: !readOnly && !disabled } },
  };
  return (
    <PickersLocalization>
      {withTime ? <DateTimePicker {...common} format={DATE_TIME_FORMAT} ampm={false} /> : <DatePicker {...common} format={DATE_FORMAT} />}
    </PickersLocalization>
  );
}
