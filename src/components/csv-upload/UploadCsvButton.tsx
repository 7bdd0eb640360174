import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useCanAccess, useResourceContext } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { UploadCsvDialog, type CsvUploadTarget } from './UploadCsvDialog';

/** "Upload CSV" in a list toolbar, for who may create the resource's records. */
export function UploadCsvButton({ schema, target }: { schema: ResourceSchema; target: CsvUploadTarget }) {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="simcards.upload.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && <UploadCsvDialog schema={schema} target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
