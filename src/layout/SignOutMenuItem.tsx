import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNotify, useUserMenu } from 'react-admin';
import { authErrorKey } from '../i18n/authErrors';
import { signOut } from '../providers/userManager';

/**
 * 'Sign out' in the user menu: ends the session at the issuer (end-session redirect). If that
 * cannot start, the local session is gone anyway and 'Sign-out failed' is shown.
 */
export const SignOutMenuItem = forwardRef<HTMLLIElement>(function SignOutMenuItem(_props, ref) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const userMenu = useUserMenu();
  const [busy, setBusy] = useState(false);

  const handleClick = () => {
    setBusy(true);
    signOut().catch((error: unknown) => {
      console.error('[Vigil] sign-out', error instanceof Error && error.cause ? error.cause : error);
      setBusy(false);
      userMenu?.onClose();
      notify(authErrorKey(error, 'auth.errors.signOutFailed'), { type: 'error' });
    });
  };

  return (
    <MenuItem ref={ref} onClick={handleClick} disabled={busy}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('userMenu.signOut')}</ListItemText>
    </MenuItem>
  );
});
