import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { UNREADABLE_DATE } from './convert';

/**
 * The picker's value for a form value, and the picker's change as a form value. While the typed
 * date is incomplete the form holds `UNREADABLE_DATE` (or null in a filter) and the picker keeps
 * showing what was typed: the last picked value is reused as long as the form still holds what it
 * was turned into; a value set from outside (a reset, a loaded record) is read afresh.
 */
export function usePickerField(
  formValue: unknown,
  setFormValue: (value: string | null) => void,
  fromValue: (value: unknown) => Dayjs | null,
  toApi: (picked: Dayjs | null) => string | null,
  dropUnreadable: boolean,
): [Dayjs | null, (picked: Dayjs | null) => void] {
  const [last, setLast] = useState<{ value: string | null; picked: Dayjs | null } | null>(null);
  const normalised = formValue === '' || formValue === undefined ? null : formValue;
  const shown = last && last.value === normalised ? last.picked : fromValue(formValue);
  const change = (picked: Dayjs | null) => {
    const converted = toApi(picked);
    const value = dropUnreadable && converted === UNREADABLE_DATE ? null : converted;
    setLast({ value, picked });
    setFormValue(value);
  };
  return [shown, change];
}
