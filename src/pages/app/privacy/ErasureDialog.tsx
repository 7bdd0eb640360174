import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { erase, fetchErasurePreview, type ErasurePreview, type ErasureResult, type Subject } from './api';
import { confirmationMatches, nonEmptyKinds } from './logic';
import { failureOf } from '../../../components/forms/failureOf';

const GROUPS = ['erased', 'anonymised', 'kept'] as const;

/** One group of the preview: what goes, what is anonymised, what is kept. */
function Group({ group, counts }: { group: (typeof GROUPS)[number]; counts: ErasurePreview['counts'] }) {
  const { t, i18n } = useTranslation('privacy');
  const kinds = nonEmptyKinds(counts[group]);
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t(`erasure.${group}`)}
      </Typography>
      {kinds.length ? (
        <List dense disablePadding aria-label={t(`erasure.${group}`)}>
          {kinds.map(([kind, n]) => (
            <ListItem key={kind} disableGutters>
              <ListItemText primary={`${t(`kinds.${kind}`, { defaultValue: kind })}: ${new Intl.NumberFormat(i18n.language).format(n)}`} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('erasure.nothing')}</Typography>
      )}
    </>
  );
}

/**
 * "Erase personal data": shows the preview (what goes, what is anonymised, what is kept), and
 * enables the irreversible button only once the confirmation text naming the subject is typed.
 */
export function ErasureDialog({ subject, open, onClose, onErased }: {
  subject: Subject;
  open: boolean;
  onClose: () => void;
  onErased: (result: ErasureResult) => void;
}) {
  const { t } = useTranslation('privacy');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const preview = useQuery({
    queryKey: ['privacy-erasure-preview', subject === 'own' ? subject : subject.subjectId],
    queryFn: ({ signal }) => fetchErasurePreview(subject, signal),
    enabled: open,
    gcTime: 0,
  });
  const expected = preview.data?.confirmation ?? '';
  // Billing would go on charging an account that is gone: the server refuses it, so say so before anything is typed.
  const blocked = preview.data?.activeSubscriptions ?? 0;
  const ready = blocked === 0 && confirmationMatches(typed, expected);

  const close = () => {
    setTyped('');
    setError(undefined);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(undefined);
    try {
      onErased(await erase(subject, typed));
      setTyped('');
    } catch (failure) {
      const { message, fields } = failureOf(failure, t('erasure.failed'));
      setError(fields.confirmation ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="privacy-erasure-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="privacy-erasure-title">{t('erasure.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('erasure.intro')}</DialogContentText>
          {preview.isPending && <CircularProgress aria-label={t('erasure.loading')} size={24} />}
          {preview.error && <Alert severity="error">{(preview.error as Error).message}</Alert>}
          {preview.data && (
            <>
              {GROUPS.map((group) => (
                <Group key={group} group={group} counts={preview.data.counts} />
              ))}
              {blocked > 0 ? (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {t('errors.activeSubscriptions', { count: blocked })}
                </Alert>
              ) : (
                <TextField
                  id="privacy-erasure-confirmation"
                  sx={{ mt: 2 }}
                  label={t('erasure.typeToConfirm', { text: expected })}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="off"
                  fullWidth
                  error={Boolean(error)}
                  helperText={error}
                />
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('erasure.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={!ready || busy}>
            {t('erasure.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
