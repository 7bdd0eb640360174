import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formFieldPath } from '../../providers/abpErrors';
import { sendTemplate, type TerminalInfo } from './commandApi';
import type { DeviceCommand } from './types';
import { SendNotice, useCommandSend } from './useCommandSend';

/** A command template for the watch's model, with its variables as fields; says when it goes by text message. */
export function TemplateCommandForm({ info, onSent, initialTemplateId = '' }: { info: TerminalInfo; onSent: (command: DeviceCommand) => void; initialTemplateId?: string }) {
  const { t } = useTranslation('stock');
  // A template the device's model does not take is not offered: the form starts with none.
  const [templateId, setTemplateId] = useState(info.templates.some((x) => x.id === initialTemplateId) ? initialTemplateId : '');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const { busy, errors, notice, run } = useCommandSend(onSent);
  const template = info.templates.find((x) => x.id === templateId);
  /** A variable's member as the server's messages name it (abpErrors.ts formFieldPath). */
  const member = (name: string) => formFieldPath(`variables.${name}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!template) return;
    const shows = (field: string) => field === 'commandTemplateId' || template.variables.some((v) => field === member(v));
    const filled = Object.fromEntries(template.variables.map((v) => [v, variables[v] ?? '']));
    if (await run(() => sendTemplate(info.deviceId, template.id, filled), shows)) setVariables({});
  };

  const channel = () => {
    if (!template) return ' ';
    if (!template.isTextMessage) return t('troubleshoot.send.toWatch');
    return info.phoneNumber ? t('troubleshoot.send.bySms', { phone: info.phoneNumber }) : t('troubleshoot.send.bySmsNoNumber');
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="troubleshoot-template">
      <Typography variant="subtitle1" component="h3" id="troubleshoot-template" gutterBottom>
        {t('troubleshoot.send.template')}
      </Typography>
      {info.templates.length === 0 ? (
        <Typography color="text.secondary">{t('troubleshoot.send.noTemplates')}</Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            label={t('troubleshoot.send.template')}
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setVariables({});
            }}
            error={Boolean(errors.commandTemplateId)}
            helperText={errors.commandTemplateId ?? channel()}
          >
            {info.templates.map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.name}
              </MenuItem>
            ))}
          </TextField>
          {template?.description && <Typography variant="body2" color="text.secondary">{template.description}</Typography>}
          {template?.variables.map((name) => (
            <TextField
              key={name}
              label={name}
              value={variables[name] ?? ''}
              onChange={(e) => setVariables((v) => ({ ...v, [name]: e.target.value }))}
              error={Boolean(errors[member(name)])}
              helperText={errors[member(name)]}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
            />
          ))}
          <SendNotice notice={notice} />
          <Box>
            <Button type="submit" variant="outlined" disabled={busy || !template}>
              {t('troubleshoot.send.sendTemplate')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
