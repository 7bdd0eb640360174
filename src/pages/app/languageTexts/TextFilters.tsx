import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LANGUAGES } from '../../../../common/languages';
import { fetchResources, type TextFilter } from './api';

/** Resource, target culture and key search. */
export function TextFilters({ value, onChange }: { value: TextFilter; onChange: (next: TextFilter) => void }) {
  const { t } = useTranslation('admin');
  const { data: resources = [] } = useQuery({ queryKey: ['language-texts', 'resources'], queryFn: ({ signal }) => fetchResources(signal) });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField select size="small" label={t('languageTexts.resource')} value={value.resourceName} onChange={(e) => onChange({ ...value, resourceName: e.target.value })} sx={{ minWidth: 180 }}>
        <MenuItem value="">{t('languageTexts.allResources')}</MenuItem>
        {resources.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('languageTexts.targetCulture')} value={value.targetCultureName} onChange={(e) => onChange({ ...value, targetCultureName: e.target.value })} sx={{ minWidth: 160 }}>
        {LANGUAGES.map((l) => (
          <MenuItem key={l.cultureName} value={l.cultureName}>
            {l.displayName}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" type="search" label={t('languageTexts.search')} value={value.filter} onChange={(e) => onChange({ ...value, filter: e.target.value })} sx={{ flex: 1 }} />
    </Stack>
  );
}
