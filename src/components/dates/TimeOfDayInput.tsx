import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import type { SxProps, Theme } from '@mui/material/styles';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { UNREADABLE_DATE } from './convert';
import { TIME_FORMAT } from './formats';
import { PickersLocalization } from './PickersLocalization';
import { usePickerField } from './usePickerField';

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' as a moment of today to pick from; anything else unreadable, nothing for ''. */
export function timeFromValue(value: unknown): Dayjs | null {
  if (value == null || value === '') return null;
  const match = typeof value === 'string' ? HH_MM.exec(value) : null;
  return match ? dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2])) : dayjs(new Date(Number.NaN));
}

/** A picked time as 'HH:mm'; an incomplete one as a text no time check accepts; cleared is null. */
export function timeToValue(picked: Dayjs | null): string | null {
  if (picked === null) return null;
  return picked.isValid() ? picked.format(TIME_FORMAT) : UNREADABLE_DATE;
}

export interface TimeOfDayInputProps {
  label: ReactNode;
  /** 'HH:mm' (24-hour clock), '' for none. */
  value: string;
  onChange: (value: string) => void;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * A time of day, read, typed and picked on the 24-hour clock (HH:mm, SPEC section 9) in every
 * language and whatever the browser's own clock would show: the browser's time input writes
 * "10:00 PM" in English. The one time field of the app; the value is 'HH:mm' as the API holds it.
 */
export function TimeOfDayInput({ label, value, onChange, helperText, error, required, size = 'small', sx }: TimeOfDayInputProps) {
  const [picked, change] = usePickerField(value, (next) => onChange(next ?? ''), timeFromValue, timeToValue, false);
  return (
    <PickersLocalization>
      <TimePicker
        label={label}
        value={picked}
        onChange={change}
        ampm={false}
        format={TIME_FORMAT}
        slotProps={{ textField: { size, required: Boolean(required), error: Boolean(error), helperText, sx } }}
      />
    </PickersLocalization>
  );
}
