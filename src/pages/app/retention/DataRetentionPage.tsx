import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../common/dates';
import { failureOf } from '../../../components/forms/failureOf';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { Section } from '../account/Section';
import { AppPage } from '../AppPage';

const ENDPOINT = '/api/app/retention/history';
type Retention = AnswerOf<typeof ENDPOINT>;
/** The radio's value: a period, or 'default' for the host's. */
type Choice = string;

/** What the next run removes of this tenant's history, and when; or that nothing is due. */
function NextRemoval({ data }: { data: Retention }) {
  const { t, i18n } = useTranslation('management');
  const next = data.next;
  if (!next) return <Typography>{t('retention.nothingYet')}</Typography>;
  // '12 positions', '1 event', 'more than 10,000 positions': the noun follows the number.
  const count = (key: 'positions' | 'events', n: number) => {
    const number = n.toLocaleString(i18n.language);
    return t(`retention.${key}`, { count: n, number: next.more ? t('retention.more', { n: number }) : number });
  };
  return (
    <Typography id="retention-next">
      {t('retention.next', { before: formatDateTime(next.before), at: formatDateTime(next.at), positions: count('positions', next.positions), events: count('events', next.events) })}
    </Typography>
  );
}

/**
 * How long this tenant keeps positions and events (Vigil.Retention): the periods the host offers,
 * each disabled with the reason while something needs the history (an unanswered alarm, an unpaid
 * invoice), what the next run removes and when, and the host's retention of logs and sent mail.
 * A shorter period is confirmed first: what it removes cannot be brought back.
 */
export default function DataRetentionPage() {
  const { t } = useTranslation('management');
  const client = useQueryClient();
  const { data, error: loadError } = useQuery({ queryKey: ['retention', 'history'], queryFn: ({ signal }) => api('get', ENDPOINT, { signal }), refetchInterval: (q) => (q.state.data?.pending ? 3000 : false) });
  const [chosen, setChosen] = useState<Choice>();
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (days: number | null) => api('put', ENDPOINT, { body: { historyDays: days as Retention['historyDays'] | null } }),
    onSuccess: (answer) => {
      client.setQueryData(['retention', 'history'], answer);
      setChosen(undefined);
      setConfirming(false);
    },
    onError: () => setConfirming(false),
  });

  if (loadError) return <AppPage title={t('retention.title')}><Alert severity="error">{failureOf(loadError, t('retention.loadFailed')).message}</Alert></AppPage>;
  if (!data) return <AppPage title={t('retention.title')}><CircularProgress aria-label={t('retention.loading')} /></AppPage>;

  const current: Choice = data.ownSetting ? String(data.historyDays) : 'default';
  const value = chosen ?? current;
  const days = value === 'default' ? data.hostDefaultDays : Number(value);
  const shorter = days < data.historyDays;
  const failure = save.error ? failureOf(save.error, t('retention.saveFailed')) : undefined;
  const submit = () => save.mutate(value === 'default' ? null : days);

  return (
    <AppPage title={t('retention.title')}>
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        {data.pending && <Alert severity="info">{t('retention.pending')}</Alert>}
        <Section id="retention-history" title={t('retention.historyTitle')} intro={t('retention.historyIntro')}>
          <RadioGroup aria-labelledby="retention-history-title" value={value} onChange={(_, v) => setChosen(v)}>
            <FormControlLabel value="default" control={<Radio />} label={t('retention.hostDefault', { days: data.hostDefaultDays })} />
            {data.choices.map((c) => (
              <Stack key={c.days}>
                <FormControlLabel value={String(c.days)} control={<Radio inputProps={c.reason ? { 'aria-describedby': `retention-reason-${c.days}` } : {}} />} label={t('retention.days', { count: c.days })} disabled={!c.allowed} />
                {c.reason && (
                  <FormHelperText id={`retention-reason-${c.days}`} sx={{ mt: -1, ml: 4 }}>
                    {c.reason}
                  </FormHelperText>
                )}
              </Stack>
            ))}
          </RadioGroup>
          {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure.fields.historyDays ?? failure.message}</Alert>}
          <Button variant="contained" sx={{ mt: 2 }} disabled={value === current || save.isPending} onClick={() => (shorter ? setConfirming(true) : submit())}>
            {t('retention.save')}
          </Button>
        </Section>
        <Section id="retention-next-removal" title={t('retention.nextTitle')}>
          <NextRemoval data={data} />
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {data.lastRun ? t('retention.lastRun', { time: formatDateTime(data.lastRun) }) : t('retention.neverRun')}
          </Typography>
        </Section>
        <Section id="retention-logs" title={t('retention.logsTitle')} intro={t('retention.logsIntro')}>
          <Typography>{t('retention.logs', { audit: data.logs.auditLogDays, security: data.logs.securityLogDays, mail: data.logs.sentMailDays })}</Typography>
        </Section>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="retention-confirm-title">
        <DialogTitle id="retention-confirm-title">{t('retention.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('retention.confirmText', { days })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('retention.cancel')}</Button>
          <Button color="error" variant="contained" disabled={save.isPending} onClick={submit}>
            {t('retention.confirm', { days })}
          </Button>
        </DialogActions>
      </Dialog>
    </AppPage>
  );
}
