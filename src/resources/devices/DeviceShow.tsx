import { useCanAccess, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { POLICIES } from '../../../common/policies';
import { DeviceCommands } from '../../components/commands/DeviceCommands';
import { schemaOf } from '../../schema/registry';
import SchemaShow from '../../schema/views/SchemaShow';
import { WatchSettings } from './settings/WatchSettings';

function RecordSettings() {
  const record = useRecordContext();
  return record ? <WatchSettings deviceId={String(record.id)} /> : null;
}

function RecordCommands() {
  const record = useRecordContext();
  // Its width is the page's: the log's table scrolls inside it on a phone.
  return record ? (
    <Box sx={{ p: 2, minWidth: 0, contain: 'inline-size' }}>
      <DeviceCommands deviceId={String(record.id)} />
    </Box>
  ) : null;
}

/**
 * The generated show page, with the watch's settings below it for staff who may change devices,
 * then its commands: send one (the same staff) and the command log.
 */
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
      <Divider />
      <RecordCommands />
    </SchemaShow>
  );
}
