import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { valueText, type EntityChangeDto } from './types';

/** The entities a call changed, each with its properties before and after. */
export function EntityChanges({ changes }: { changes: readonly EntityChangeDto[] }) {
  const { t } = useTranslation('identity');
  if (changes.length === 0) return <Typography color="text.secondary">{t('auditLogs.noChanges')}</Typography>;
  return (
    <>
      {changes.map((change, index) => (
        <Box key={`${change.entityId}-${index}`} component="section" aria-label={`${change.entityTypeFullName} ${change.entityId}`} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ wordBreak: 'break-word' }}>
            {t(`auditLogs.changeTypes.${change.changeType}`)}: {change.entityTypeFullName} <Box component="span" sx={{ color: 'text.secondary', fontWeight: 'normal' }}>{change.entityId}</Box>
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('auditLogs.propertiesOf', { entity: change.entityTypeFullName })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('auditLogs.property')}</TableCell>
                  <TableCell>{t('auditLogs.originalValue')}</TableCell>
                  <TableCell>{t('auditLogs.newValue')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {change.propertyChanges.map((p) => (
                  <TableRow key={p.propertyName}>
                    <TableCell>{p.propertyName}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(p.originalValue)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(p.newValue)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ))}
    </>
  );
}
