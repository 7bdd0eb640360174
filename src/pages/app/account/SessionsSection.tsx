import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLogout, useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../common/dates';
import { failureOf } from './api';
import { relativeTime } from './relativeTime';
import { Section } from './Section';
import { endSession, fetchSessions, SESSIONS_KEY, type AccountSession } from './sessionsApi';

/**
 * "Where you are signed in" (issue 15, sign out everywhere): one row per session (browser and
 * system, address, last use; "This device" on the one this browser uses), each with a button that
 * ends it after a confirmation. Ending this browser's own session signs it out of the app.
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation('profile');
  const notify = useNotify();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const { data: sessions, error } = useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => fetchSessions(signal) });
  const [ending, setEnding] = useState<AccountSession>();
  const [busy, setBusy] = useState(false);

  const deviceOf = (session: AccountSession) =>
    session.browser && session.os ? t('account.sessions.deviceOn', { browser: session.browser, os: session.os }) : (session.browser ?? session.os ?? t('account.sessions.unknownDevice'));

  const confirm = async () => {
    if (!ending) return;
    setBusy(true);
    try {
      await endSession(ending.id);
      if (ending.isCurrent) {
        // This browser's tokens no longer work: forget them and go to the sign-in page.
        await logout();
        return;
      }
      notify(t('account.sessions.ended'), { type: 'success' });
      setEnding(undefined);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (failure) {
      notify(failureOf(failure, t('account.sessions.failed')).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-sessions" title={t('account.sessions.title')} intro={t('account.sessions.intro')}>
      {error && <Alert severity="error">{t('account.sessions.loadFailed')}</Alert>}
      {!sessions && !error && <CircularProgress size={24} aria-label={t('account.sessions.loading')} />}
      {sessions && (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {sessions.map((session) => {
            const device = deviceOf(session);
            return (
              <Box component="li" key={session.id} data-session={session.id} sx={{ py: 1.5 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {device}
                      </Typography>
                      {session.isCurrent && <Chip size="small" color="primary" label={t('account.sessions.thisDevice')} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('account.sessions.address', { address: session.ipAddress ?? t('account.sessions.unknownAddress') })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {/* The session in use is in use now, whenever its last token refresh was. */}
                      {session.isCurrent ? (
                        <span>{t('account.sessions.inUseNow')}</span>
                      ) : (
                        <span title={formatDateTime(session.lastUsedAt)}>{t('account.sessions.lastUsed', { when: relativeTime(session.lastUsedAt, i18n.language) })}</span>
                      )}
                      {' · '}
                      {t('account.sessions.signedIn', { date: formatDateTime(session.signedInAt) })}
                    </Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    onClick={() => setEnding(session)}
                    aria-label={session.isCurrent ? t('account.sessions.signOutHere') : t('account.sessions.endOn', { device })}
                    sx={{ flexShrink: 0 }}
                  >
                    {session.isCurrent ? t('account.sessions.signOut') : t('account.sessions.end')}
                  </Button>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      <Dialog open={Boolean(ending)} onClose={() => !busy && setEnding(undefined)} aria-labelledby="account-sessions-dialog" aria-describedby="account-sessions-dialog-text">
        <DialogTitle id="account-sessions-dialog">{ending?.isCurrent ? t('account.sessions.confirmCurrentTitle') : t('account.sessions.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="account-sessions-dialog-text">
            {ending?.isCurrent ? t('account.sessions.confirmCurrentText') : t('account.sessions.confirmText', { device: ending ? deviceOf(ending) : '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEnding(undefined)} disabled={busy}>
            {t('account.sessions.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
            {ending?.isCurrent ? t('account.sessions.signOut') : t('account.sessions.end')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
