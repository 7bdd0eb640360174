import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useCanAccess, useResourceContext } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { UploadCsvDialog } from './UploadCsvDialog';

/** "Upload CSV" in the list toolbar, for who may create SIM cards. */
export function UploadCsvButton({ schema }: { schema: ResourceSchema }) {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="simcards.upload.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <UploadCsvDialog schema={schema} onClose={() => setOpen(false)} />}
    </>
  );
}
