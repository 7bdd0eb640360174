import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { NativeAttributes } from './commandApi';

/**
 * The values a command of the watch's protocol takes, as fields (terminalInfo's
 * `commandAttributes` names them, server/commands/catalogue.ts); the protocol's encoder checks them.
 */
const NUMBERS = new Set(['frequency', 'index']);
const SWITCHES = new Set(['enable']);

export type AttributeForm = Record<string, string | boolean>;

/** The values to send: numbers as numbers, a switch as it stands, empty fields left out. */
export function attributeValues(names: readonly string[], form: AttributeForm): NativeAttributes {
  const values: NativeAttributes = {};
  for (const name of names) {
    const value = form[name];
    if (SWITCHES.has(name)) values[name] = value === true;
    else if (typeof value === 'string' && value.trim() !== '') values[name] = NUMBERS.has(name) && /^-?\d+$/.test(value.trim()) ? Number(value) : value.trim();
  }
  return values;
}

export function AttributeField({ name, value, error, onChange }: { name: string; value: string | boolean | undefined; error?: string; onChange: (value: string | boolean) => void }) {
  const { t } = useTranslation('stock');
  const label = t(`troubleshoot.send.attributes.${name}`, { defaultValue: name });
  if (SWITCHES.has(name)) {
    return (
      <div>
        <FormControlLabel control={<Switch checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={label} />
        {error && <FormHelperText error>{error}</FormHelperText>}
      </div>
    );
  }
  return (
    <TextField
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: NUMBERS.has(name) ? { inputMode: 'numeric' } : { autoComplete: 'off' } }}
    />
  );
}
