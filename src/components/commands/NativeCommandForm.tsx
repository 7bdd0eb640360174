import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AttributeField, attributeValues, type AttributeForm } from './attributeFields';
import { sendNative, type TerminalInfo } from './commandApi';
import type { DeviceCommand } from './types';
import { SendNotice, useCommandSend } from './useCommandSend';

/** A command of the watch's protocol, picked from its catalogue, with the values it takes as fields. */
export function NativeCommandForm({ info, onSent }: { info: TerminalInfo; onSent: (command: DeviceCommand) => void }) {
  const { t } = useTranslation('stock');
  const [type, setType] = useState('');
  const [values, setValues] = useState<AttributeForm>({});
  const { busy, errors, notice, run } = useCommandSend(onSent);
  const names = type ? (info.commandAttributes[type] ?? []) : [];
  const typeLabel = (command: string) => t(`troubleshoot.commands.types.${command}`, { defaultValue: command });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!type) return;
    const shows = (field: string) => field === 'type' || names.some((n) => field === `attributes.${n}`);
    if (await run(() => sendNative(info.deviceId, type, attributeValues(names, values)), shows)) setValues({});
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="troubleshoot-native">
      <Typography variant="subtitle1" component="h3" id="troubleshoot-native" gutterBottom>
        {t('troubleshoot.send.command')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={t('troubleshoot.send.command')}
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setValues({});
          }}
          error={Boolean(errors.type)}
          helperText={errors.type ?? (type && names.length === 0 ? t('troubleshoot.send.noValues') : ' ')}
        >
          {info.commands.map((command) => (
            <MenuItem key={command} value={command}>
              {typeLabel(command)}
            </MenuItem>
          ))}
        </TextField>
        {names.map((name) => (
          <AttributeField key={name} name={name} value={values[name]} error={errors[`attributes.${name}`]} onChange={(value) => setValues((v) => ({ ...v, [name]: value }))} />
        ))}
        <SendNotice notice={notice} />
        <Box>
          <Button type="submit" variant="outlined" disabled={busy || !type}>
            {t('troubleshoot.send.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
