import { PickerInput, type PickerInputProps } from './PickerInput';

/** A moment, read and typed as HH:mm - dd/MM/yy on the user's clock, sent as an ISO instant; cleared is null. */
export function DateTimeInput(props: PickerInputProps) {
  return <PickerInput {...props} sends="instant" withTime />;
}
