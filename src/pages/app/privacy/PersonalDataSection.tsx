import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useRedirect, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErasureDialog } from './ErasureDialog';
import { ExportPanel } from './ExportPanel';

/**
 * Staff's view of one person's personal data, on the record's own page (a citizen's show page, a
 * carer's user page): export it (downloadable once), or erase it after a typed confirmation, then
 * back to the list the record came from.
 */
export function PersonalDataSection({ subjectType, listResource }: { subjectType: 'citizen' | 'user'; listResource: string }) {
  const record = useRecordContext<{ id: string }>();
  const { t } = useTranslation('privacy');
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!record?.id) return null;
  const subject = { subjectType, subjectId: String(record.id) };
  const titleId = `${subjectType}-privacy-title`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('export.title')}
      </Typography>
      <ExportPanel subject={subject} />
      <Stack spacing={1} sx={{ mt: 3, alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {t('erasure.title')}
        </Typography>
        <Typography color="text.secondary">{t('erasure.intro')}</Typography>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('erasure.button')}
        </Button>
      </Stack>
      <ErasureDialog
        subject={subject}
        open={open}
        onClose={() => setOpen(false)}
        onErased={() => {
          setOpen(false);
          notify(t('erasure.done'), { type: 'success' });
          // The list kept from before would show the erased person's name until its refetch ends.
          queryClient.removeQueries({ queryKey: [listResource] });
          redirect('list', listResource);
        }}
      />
    </Box>
  );
}
