import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { ESCALATING_TYPES } from '../../../../common/alarm-kinds';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import type { Device } from './api';
import { callError } from './errors';
import { useSubmitOnce } from './useSubmitOnce';

const CHANNELS = ['mail', 'push', 'sms', 'inApp'] as const;
type Channel = (typeof CHANNELS)[number];
const PATH = '/api/plugandplay/profile/escalation';

type Escalation = AnswerOf<typeof PATH>;
type EscalationReceiver = Escalation['receivers'][number];
/** One row being edited: a receiver with its wait and channels. */
interface Row {
  receiver: EscalationReceiver;
  wait: string;
  channels: Channel[];
  phone: string;
}

async function fetchEscalation(deviceId: string, signal: AbortSignal): Promise<Escalation> {
  return api('get', PATH, { query: { deviceId }, signal, tenant: false });
}

function rowsOf(e: Escalation): Row[] {
  const byKey = new Map(e.receivers.map((r) => [r.receiver, r]));
  const listed = e.steps.map((s) => ({ r: byKey.get(s.receiver), wait: s.waitMinutes })).filter((x): x is { r: EscalationReceiver; wait: number } => x.r !== undefined);
  const rest = e.receivers.filter((r) => !e.steps.some((s) => s.receiver === r.receiver)).map((r) => ({ r, wait: 5 }));
  return [...listed, ...rest].map(({ r, wait }) => ({ receiver: r, wait: String(wait), channels: r.channels, phone: r.phone ?? '' }));
}

/**
 * The device's escalation order (issue 16): who is alarmed next when nobody acknowledges, after
 * how many minutes, and on which channels. Moving a receiver keeps the focus on the button used,
 * so the order can be changed with the keyboard alone; one column at 360 px.
 */
export function EscalationDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'tracking']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['device-escalation', device.id];
  const { data, isPending } = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchEscalation(device.id, signal) });
  const [edited, setRows] = useState<Row[]>();
  const rows = edited ?? (data ? rowsOf(data) : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [focus, setFocus] = useState<string>();
  const { pending, run } = useSubmitOnce();

  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, edited]);

  const nameOf = (r: EscalationReceiver) => (r.isOwner ? t('escalation.ui.owner') : r.name || r.email);
  const move = (index: number, by: -1 | 1, buttonId: string) => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setRows(next);
    // The focus follows the row moved, on the same button (or the other one at an end).
    const moved = next[target]!.receiver.receiver;
    const atEnd = (by === -1 && target === 0) || (by === 1 && target === rows.length - 1);
    setFocus(`${buttonId.startsWith('up') !== atEnd ? 'up' : 'down'}-${moved}`);
  };
  const update = (index: number, change: Partial<Row>) => setRows(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const save = () =>
    void run(async () => {
      setErrors({});
      setError(undefined);
      try {
        const body = {
          steps: rows.map((r) => ({ receiver: r.receiver.receiver, waitMinutes: Number(r.wait) })),
          channels: rows.map((r) => ({ receiver: r.receiver.receiver, channels: r.channels, phone: r.phone.trim() || null })),
        };
        queryClient.setQueryData(key, await api('put', PATH, { query: { deviceId: device.id }, body, tenant: false }));
        notify(t('escalation.ui.saved'), { type: 'success' });
        onClose();
      } catch (e) {
        const failure = callError(e, t('escalation.ui.saveFailed'));
        setErrors(failure.fields);
        setError(failure.message);
      }
    });

  // Members as the ABP error names them, in react-hook-form's dotted paths ('steps.0.waitMinutes').
  const fieldError = (index: number, field: string) => errors[`steps.${index}.${field}`] ?? errors[`channels.${index}.${field}`];

  return (
    <Dialog open onClose={onClose} aria-labelledby="escalation-title" fullWidth maxWidth="sm">
      <DialogTitle id="escalation-title">{t('escalation.ui.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="escalation-intro">{t('escalation.ui.intro')}</DialogContentText>
        {/* The kinds that escalate, from the registry: a new one shows here without a text to rewrite. */}
        <Stack component="ul" aria-labelledby="escalation-intro" direction="row" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {ESCALATING_TYPES.map((type) => (
            <li key={type}>
              <Chip size="small" label={t(`tracking:types.${type}`)} />
            </li>
          ))}
        </Stack>
        {isPending && <Typography sx={{ mt: 2 }}>{t('escalation.ui.loading')}</Typography>}
        {error && Object.keys(errors).length === 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Box component="ol" aria-label={t('escalation.fields.steps')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {rows.map((row, index) => {
            const id = row.receiver.receiver;
            const name = nameOf(row.receiver);
            return (
              <Box component="li" key={id} sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }} aria-label={`${t('escalation.ui.step', { n: index + 1 })}: ${name}`}>
                <Stack direction="row" alignItems="center" spacing={1}>
                  <Typography component="span" sx={{ fontWeight: 600, minWidth: '1.5em' }}>{index + 1}.</Typography>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ wordBreak: 'break-word' }}>{name}</Typography>
                    {!row.receiver.isOwner && <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>{row.receiver.email}</Typography>}
                  </Box>
                  <IconButton id={`up-${id}`} aria-label={t('escalation.ui.up', { name })} disabled={index === 0 || pending} onClick={() => move(index, -1, `up-${id}`)}>
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton id={`down-${id}`} aria-label={t('escalation.ui.down', { name })} disabled={index === rows.length - 1 || pending} onClick={() => move(index, 1, `down-${id}`)}>
                    <ArrowDownwardIcon />
                  </IconButton>
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                  <TextField
                    type="number"
                    size="small"
                    label={t('escalation.ui.wait')}
                    value={row.wait}
                    onChange={(e) => update(index, { wait: e.target.value })}
                    slotProps={{ htmlInput: { min: 1, max: 60, step: 1, inputMode: 'numeric' } }}
                    error={Boolean(fieldError(index, 'waitMinutes'))}
                    helperText={fieldError(index, 'waitMinutes') ?? fieldError(index, 'receiver')}
                    sx={{ width: { xs: '100%', sm: 180 } }}
                  />
                  {row.channels.includes('sms') && (
                    <TextField
                      type="tel"
                      size="small"
                      label={t('escalation.ui.phone')}
                      value={row.phone}
                      onChange={(e) => update(index, { phone: e.target.value })}
                      error={Boolean(fieldError(index, 'phone'))}
                      helperText={fieldError(index, 'phone')}
                      autoComplete="tel"
                      sx={{ flex: 1 }}
                    />
                  )}
                </Stack>
                <FormGroup row aria-label={`${t('escalation.fields.channels')}: ${name}`} role="group">
                  {CHANNELS.map((c) => (
                    <FormControlLabel
                      key={c}
                      control={
                        <Checkbox
                          size="small"
                          checked={row.channels.includes(c)}
                          onChange={(e) => update(index, { channels: e.target.checked ? CHANNELS.filter((x) => x === c || row.channels.includes(x)) : row.channels.filter((x) => x !== c) })}
                        />
                      }
                      label={t(`escalation.ui.channel.${c}`)}
                    />
                  ))}
                </FormGroup>
                {fieldError(index, 'channels') && <Typography color="error" variant="body2">{fieldError(index, 'channels')}</Typography>}
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={pending || isPending || rows.length === 0}>
          {t('escalation.ui.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
