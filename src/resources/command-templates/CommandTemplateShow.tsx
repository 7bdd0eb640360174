import Box from '@mui/material/Box';
import { schemaOf } from '../../schema/registry';
import SchemaShow from '../../schema/views/SchemaShow';
import { SendToDeviceButton } from './SendToDeviceButton';

/** The generated show page, with "Send to a device" below the template's fields. */
export function CommandTemplateShow() {
  const schema = schemaOf('command-templates');
  if (!schema) return null;
  return (
    <SchemaShow schema={schema}>
      <Box sx={{ px: 2, pb: 2 }}>
        <SendToDeviceButton />
      </Box>
    </SchemaShow>
  );
}
