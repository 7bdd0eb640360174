import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, useCanAccess, useListContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { POLICIES } from '../../../common/policies';
import { sendTemplate } from '../../components/commands/commandApi';
import { failureOf } from '../../components/forms/failureOf';
import { api } from '../../providers/openapi/typedApi';
import { DeviceModelText } from './DeviceModelText';

/** The command template lookup asks for at most 100 (SPEC section 9). */
const TEMPLATE_LOOKUP = 100;

type Outcome = { sent: number; refused: { id: string; message: string }[] };

/**
 * "Send command" for the selected devices: one template with its variables, sent to each device
 * (the server checks each: its tenant, its model, the variables); then how many went, and why any
 * was refused. Each command's state is in its device's command log.
 */
export function SendCommandButton() {
  const { t } = useTranslation('stock');
  const { selectedIds, data } = useListContext<{ id: string; name?: string }>();
  const { canAccess = false } = useCanAccess({ resource: `${POLICIES.devices}.Update`, action: 'access' });
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState('');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { data: templates } = useQuery({
    queryKey: ['command-templates', 'lookup'],
    enabled: open,
    queryFn: ({ signal }) => api('get', '/api/app/command-templatess', { query: { MaxResultCount: TEMPLATE_LOOKUP, Sorting: 'name asc' }, signal }).then((page) => page.items),
  });
  if (!canAccess) return null;
  const template = templates?.find((x) => x.id === templateId);
  const nameOf = (id: string) => data?.find((d) => d.id === id)?.name ?? id;

  const send = async () => {
    // Once sent, the same command is not offered again: a second tap would send it twice.
    if (!template || busy || outcome) return;
    setBusy(true);
    const filled = Object.fromEntries((template.variables ?? []).map((v) => [v, variables[v] ?? '']));
    const results = await Promise.allSettled(selectedIds.map((id) => sendTemplate(String(id), String(template.id), filled)));
    setOutcome({
      sent: results.filter((r) => r.status === 'fulfilled').length,
      refused: results.flatMap((r, i) => {
        if (r.status === 'fulfilled') return [];
        const { message, fields } = failureOf(r.reason, t('troubleshoot.send.failed'));
        return [{ id: String(selectedIds[i]), message: Object.values(fields)[0] ?? message }];
      }),
    });
    setBusy(false);
  };
  const close = () => {
    setOpen(false);
    setTemplateId('');
    setVariables({});
    setOutcome(null);
  };

  return (
    <>
      <Button label={t('commandTemplates.bulk.action')} onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="send-command-title">
        <DialogTitle id="send-command-title">{t('commandTemplates.bulk.title', { count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label={t('troubleshoot.send.template')}
              value={templateId}
              onChange={(e) => {
                setTemplateId(e.target.value);
                setVariables({});
                setOutcome(null);
              }}
              helperText={t('commandTemplates.bulk.help')}
            >
              {(templates ?? []).map((x) => (
                <MenuItem key={String(x.id)} value={String(x.id)}>
                  {x.name} (<DeviceModelText model={x.deviceModel} />)
                </MenuItem>
              ))}
            </TextField>
            {(template?.variables ?? []).map((name) => (
              <TextField key={name} label={name} value={variables[name] ?? ''} onChange={(e) => {
                  setVariables((v) => ({ ...v, [name]: e.target.value }));
                  setOutcome(null);
                }} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
            ))}
            {outcome && (
              <Alert severity={outcome.refused.length ? 'warning' : 'success'} role="status">
                {t('commandTemplates.bulk.sent', { count: outcome.sent })}
                {outcome.refused.map((r) => (
                  <div key={r.id}>
                    {nameOf(r.id)}: {r.message}
                  </div>
                ))}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label={t('commandTemplates.send.close')} onClick={close} />
          <Button label={t('troubleshoot.send.send')} variant="contained" disabled={busy || !template || outcome !== null} onClick={() => void send()} />
        </DialogActions>
      </Dialog>
    </>
  );
}
