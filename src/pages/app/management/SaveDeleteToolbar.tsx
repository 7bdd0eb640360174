import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SaveButton, Toolbar } from 'react-admin';

/** An edit form's toolbar: Save on the left, the screen's own Delete (with its confirmation) on the right. */
export function SaveDeleteToolbar({ deleteButton }: { deleteButton: ReactNode }) {
  return (
    <Toolbar>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      {deleteButton}
    </Toolbar>
  );
}
