import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblems } from '../../../../common/password-policy';

/** The password rules (SPEC section 5), each marked as met while the person types. */
const RULES = ['minLength', 'passwordLowercase', 'passwordUppercase', 'passwordDigit', 'passwordSpecial'] as const;

export function PasswordHints({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation(['profile', 'validation']);
  const broken = new Set(passwordProblems(password).map((p) => p.key));
  return (
    <Box id={id} sx={{ mt: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('profile:password.hintsTitle', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {RULES.map((rule) => {
          const met = password.length > 0 && !broken.has(rule) && !(rule === 'minLength' && broken.has('maxLength'));
          return (
            <Box component="li" key={rule} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.main' : 'text.secondary' }}>
              {met ? <CheckCircleIcon fontSize="small" aria-hidden /> : <RadioButtonUncheckedIcon fontSize="small" aria-hidden />}
              <Typography variant="body2" component="span">
                {t(`profile:password.rules.${rule}`, { count: PASSWORD_MIN })}
                <Box component="span" sx={visuallyHidden}>
                  {` (${met ? t('profile:password.met') : t('profile:password.notMet')})`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
