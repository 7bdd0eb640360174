import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/Place';
import BatteryIcon from '@mui/icons-material/Battery5Bar';
import FavoriteIcon from '@mui/icons-material/Favorite';

/** An illustration of what a carer sees: the watch wearer is safe at home. Decorative, so hidden from screen readers. */
export function StatusPreview() {
  const { t } = useTranslation();
  const name = t('home.preview.name');
  return (
    <Box
      aria-hidden
      sx={{ p: 2.5, borderRadius: 4, width: '100%', maxWidth: 340, mx: 'auto', color: 'text.primary', bgcolor: 'background.paper', boxShadow: 8, transform: { md: 'rotate(-2deg)' } }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Box sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: 'secondary.main', color: 'secondary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
          {name.charAt(0)}
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('home.preview.lastSeen')}
          </Typography>
        </Box>
        <Box sx={{ px: 1.25, py: 0.25, borderRadius: 4, bgcolor: 'success.main', color: 'success.contrastText', fontSize: 12, fontWeight: 600 }}>
          {t('home.preview.online')}
        </Box>
      </Box>
      <Box
        sx={{
          mt: 2,
          height: 140,
          borderRadius: 3,
          position: 'relative',
          overflow: 'hidden',
          bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#1a2d45' : '#e6eef8'),
          backgroundImage:
            'linear-gradient(rgba(13,42,79,0.07) 1px, transparent 1px), linear-gradient(90deg, rgba(13,42,79,0.07) 1px, transparent 1px)',
          backgroundSize: '24px 24px',
        }}
      >
        <Box sx={{ position: 'absolute', inset: '18px 60px', borderRadius: '50%', border: '2px dashed', borderColor: 'primary.main', bgcolor: 'rgba(31,75,128,0.10)' }} />
        <PlaceIcon color="secondary" sx={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -75%)', fontSize: 40 }} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 2, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
          <FavoriteIcon fontSize="small" color="secondary" />
          <Typography variant="body2">{t('home.preview.inside')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <BatteryIcon fontSize="small" color="success" />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>82 %</Typography>
        </Box>
      </Box>
    </Box>
  );
}
