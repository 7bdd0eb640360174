import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { api } from '../../providers/openapi/typedApi';
import type { DeviceOption } from './types';

/** Search a device by IMEI or name (product-lookup), debounced so typing an IMEI is one request. */
export function DevicePicker({ value, onChange }: { value: DeviceOption | null; onChange: (device: DeviceOption | null) => void }) {
  const { t } = useTranslation('stock');
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<DeviceOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const { items } = await api('get', '/api/app/productInstance/product-lookup', { query: { Filter: input, MaxResultCount: 20 }, signal: abort.signal });
        setOptions(items);
      } catch {
        if (!abort.signal.aborted) setOptions([]);
      } finally {
        if (!abort.signal.aborted) setLoading(false);
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [input]);

  return (
    <Autocomplete
      value={value}
      onChange={(_e, device) => onChange(device)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      options={options}
      loading={loading}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.displayName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('troubleshoot.noMatch')}
      sx={{ maxWidth: 480, mb: 3 }}
      renderInput={(params) => <TextField {...params} label={t('troubleshoot.search')} />}
    />
  );
}
