import { useCanAccess, useRecordContext } from 'react-admin';
import Divider from '@mui/material/Divider';
import { POLICIES } from '../../../common/policies';
import { schemaOf } from '../../schema/registry';
import SchemaShow from '../../schema/views/SchemaShow';
import { WatchSettings } from './settings/WatchSettings';

function RecordSettings() {
  const record = useRecordContext();
  return record ? <WatchSettings deviceId={String(record.id)} /> : null;
}

/** The generated show page, with the watch's settings below it for staff who may change devices. */
export function DeviceShow() {
  const schema = schemaOf('devices');
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.devices}.Update`, action: 'access' });
  if (!schema) return null;
  return (
    <SchemaShow schema={schema}>
      {canAccess && (
        <>
          <Divider />
          <RecordSettings />
        </>
      )}
    </SchemaShow>
  );
}
