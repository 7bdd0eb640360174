import { useTranslate } from 'react-admin';
import { labelKeys } from '../../../common/schema/naming';

/** A device model as the devices list shows it ('Vigil Watch 4', 'Tizen-ur'), not its stored value ('watch4'). */
export function DeviceModelText({ model }: { model: string | null | undefined }) {
  const translate = useTranslate();
  if (!model) return null;
  return <>{translate(labelKeys.enumValue('devices', 'model', model), { _: model })}</>;
}
