import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import { flagEmoji, type LanguageRecord } from './languageBody';

/** The language's flag (decorative) before its display name. */
export function LanguageNameField() {
  const record = useRecordContext<LanguageRecord>();
  if (!record) return null;
  const emoji = flagEmoji(record.flagIcon);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
      {emoji && <span aria-hidden="true">{emoji}</span>}
      <span>{record.displayName}</span>
    </Box>
  );
}
