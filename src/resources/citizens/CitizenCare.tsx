import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { useTranslation } from 'react-i18next';
import MapView, { type MapZone } from '../../components/map/MapView';
import DevicesMapCard from '../../components/tracking/DevicesMapCard';
import { DeviceModelText } from '../devices/DeviceModelText';
import { useCitizenCare } from './useCitizenCare';

interface CitizenRecord {
  id: string;
  firstName: string;
  lastName: string;
  address?: string | null;
  postalCode?: string | null;
  city?: string | null;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The care side of a citizen's page: who they are and where they live, devices, zones on a map, alarm receivers, positions. */
export function CitizenCare() {
  const record = useRecordContext<CitizenRecord>();
  const { t } = useTranslation('geofences');
  const care = useCitizenCare(String(record?.id ?? ''));
  if (!record?.id) return null;
  const address = [record.address, [record.postalCode, record.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const data = care.data;
  const zones: MapZone[] = (data?.geofences ?? []).flatMap((g): MapZone[] =>
    g.shape === 'circle' && g.center && g.radius ? [{ id: g.id, name: g.name, kind: 'circle', center: g.center, radius: g.radius }] : g.points ? [{ id: g.id, name: g.name, kind: 'polygon', points: g.points }] : [],
  );

  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h5" component="p" sx={{ mt: 1 }}>
        {record.firstName} {record.lastName}
      </Typography>
      {address ? <Typography color="text.secondary">{address}</Typography> : null}
      {care.error ? <Alert severity="error">{t('citizen.loadFailed')}</Alert> : null}

      <Section title={t('citizen.devices')}>
        {data?.devices.length ? (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} /* focusable, so a keyboard can scroll it */>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('citizen.device')}</TableCell>
                  <TableCell>{t('citizen.imei')}</TableCell>
                  <TableCell>{t('citizen.model')}</TableCell>
                  <TableCell>{t('citizen.connection')}</TableCell>
                  <TableCell>{t('citizen.battery')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.devices.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>{d.name}</TableCell>
                    <TableCell>{d.imei}</TableCell>
                    <TableCell>
                      <DeviceModelText model={d.model} />
                    </TableCell>
                    <TableCell>{d.status === 'online' ? t('citizen.online') : t('citizen.offline')}</TableCell>
                    <TableCell>{d.batteryLevel !== null ? `${d.batteryLevel} %` : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : data ? (
          <Typography color="text.secondary">{t('citizen.noDevices')}</Typography>
        ) : null}
      </Section>

      <Section title={t('citizen.geofences')}>
        {data?.geofences.length ? (
          <>
            <List dense aria-label={t('citizen.geofences')}>
              {data.geofences.map((g) => (
                <ListItem key={g.id} disableGutters>
                  <ListItemText
                    primary={g.name}
                    secondary={g.shape === 'circle' ? t('page.shapeCircle', { radius: Math.round(g.radius ?? 0) }) : t('page.shapePolygon', { count: g.points?.length ?? 0 })}
                  />
                </ListItem>
              ))}
            </List>
            <MapView label={t('citizen.geofenceMap')} zones={zones} height={320} />
          </>
        ) : data ? (
          <Typography color="text.secondary">{t('citizen.noGeofences')}</Typography>
        ) : null}
      </Section>

      <Section title={t('citizen.receivers')}>
        {data?.receivers.length ? (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} /* focusable, so a keyboard can scroll it */>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('citizen.receiverName')}</TableCell>
                  <TableCell>{t('citizen.email')}</TableCell>
                  <TableCell>{t('citizen.device')}</TableCell>
                  <TableCell>{t('citizen.receiverStatus')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.receivers.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.name ?? ''}</TableCell>
                    <TableCell>{r.email}</TableCell>
                    <TableCell>{r.deviceName}</TableCell>
                    <TableCell>
                      <Chip size="small" label={r.status === 'active' ? t('citizen.active') : t('citizen.invited')} color={r.status === 'active' ? 'success' : 'default'} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : data ? (
          <Typography color="text.secondary">{t('citizen.noReceivers')}</Typography>
        ) : null}
      </Section>

      {data?.devices.length ? (
        <Section title={t('citizen.positions')}>
          <DevicesMapCard deviceIds={data.devices.map((d) => d.id)} />
        </Section>
      ) : null}
    </Box>
  );
}
