import { PickerInput, type PickerInputProps } from './PickerInput';

/**
 * A day, read and typed as dd/MM/yy. A 'date' property sends 'YYYY-MM-DD'; `sends="dayStart"` or
 * `"dayEnd"` sends the ISO instant the day starts or ends at (a range filter over instants).
 * Cleared is null.
 */
export function DateInput({ sends = 'date', ...props }: PickerInputProps & { sends?: 'date' | 'dayStart' | 'dayEnd' }) {
  return <PickerInput {...props} sends={sends} withTime={false} />;
}
