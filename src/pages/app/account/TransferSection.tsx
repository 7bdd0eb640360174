import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../common/dates';
import { acceptTransfer, cancelTransfer, failureOf, inviteTransfer, transferDetails, type Profile } from './api';
import { Section } from './Section';

type Incoming = { id: string; token: string; senderName: string; senderEmail: string; deviceCount: number } | { id: string; token: string; refused: string };

/**
 * Account transfer (SPEC sections 4 and 6): invite another activated account by e-mail or user
 * name; the recipient opens the mailed link (/account?transfer=&token=) and accepts, which needs a
 * default payment card (the server says so otherwise).
 */
export function TransferSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { t } = useTranslation(['profile', 'validation']);
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [incoming, setIncoming] = useState<Incoming>();
  const linkId = params.get('transfer');
  const linkToken = params.get('token');

  // The mailed link opens the page at the offer, however far down it is (on a phone, screens
  // below): brought into view and focused, so a screen reader reads it out.
  const offer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!incoming) return;
    offer.current?.scrollIntoView({ block: 'start' });
    offer.current?.focus({ preventScroll: true });
  }, [incoming]);

  useEffect(() => {
    if (!linkId || !linkToken) return;
    transferDetails(linkId, linkToken)
      .then((details) => setIncoming({ ...details, id: linkId, token: linkToken }))
      .catch((failure: unknown) => setIncoming({ id: linkId, token: linkToken, refused: failureOf(failure, t('account.transfer.failed')).message }));
  }, [linkId, linkToken, t]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failureOf(failure, t('account.transfer.failed')).message);
    } finally {
      setBusy(false);
    }
  };

  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (!recipient.trim()) return setError(t('validation:required', { field: t('account.transfer.recipient') }));
    void run(async () => {
      await inviteTransfer(recipient);
      setRecipient('');
      notify(t('account.transfer.sent'), { type: 'success' });
      onChanged();
    });
  };

  const accept = (link: { id: string; token: string }) =>
    run(async () => {
      const result = await acceptTransfer(link.id, link.token);
      notify(t('account.transfer.accepted', { count: result.deviceCount }), { type: 'success' });
      setIncoming(undefined);
      setParams({}, { replace: true });
      onChanged();
    });

  const outgoing = profile.outgoingTransfer;
  return (
    <Section id="account-transfer" title={t('account.transfer.title')} intro={t('account.transfer.intro')}>
      <Stack spacing={2}>
        {incoming && (
          <Box ref={offer} tabIndex={-1} sx={{ scrollMarginTop: 72, '&:focus': { outline: 'none' } }}>
            {'refused' in incoming ? (
              <Alert severity="error">{incoming.refused}</Alert>
            ) : (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" variant="outlined" disabled={busy} onClick={() => void accept(incoming)}>
                    {t('account.transfer.accept')}
                  </Button>
                }
              >
                {t('account.transfer.incoming', { name: incoming.senderName, email: incoming.senderEmail, count: incoming.deviceCount })}
              </Alert>
            )}
          </Box>
        )}
        {!incoming && profile.incomingTransfers.length > 0 && (
          <Alert severity="info">{t('account.transfer.incomingByMail', { name: profile.incomingTransfers[0]!.senderName })}</Alert>
        )}
        {outgoing?.status === 'pending' ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t('account.transfer.pending', { recipient: outgoing.recipient, date: formatDateTime(outgoing.expiresTime) })}</Typography>
            <Button variant="outlined" color="error" disabled={busy} onClick={() =>
                void run(async () => {
                  await cancelTransfer();
                  onChanged();
                })
              }>
              {t('account.transfer.cancel')}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate onSubmit={invite} spacing={2} aria-labelledby="account-transfer-title">
            <TextField
              id="transfer-recipient"
              label={t('account.transfer.recipient')}
              helperText={t('account.transfer.recipientHelp')}
              value={recipient}
              onChange={(e) => setRecipient(e.target.value)}
              autoComplete="off"
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
              {t('account.transfer.invite')}
            </Button>
          </Stack>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </Section>
  );
}
