import Box from '@mui/material/Box';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, UserMenu } from 'react-admin';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { ThemeSwitcher } from '../components/ThemeSwitcher';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';
import { SignOutMenuItem } from './SignOutMenuItem';
import { TenantFilter } from './TenantFilter';
import { UserAvatar } from './UserAvatar';

/**
 * Product name, the page title (a span, so each page's own h1 is its only heading), language and
 * theme switchers, a host user's tenant filter, and the user menu: the user's name as its text, 'Profile' as its accessible
 * name (react-admin translates the label key), the user's picture (UserAvatar) as its icon, and 'Sign out'.
 */
export function AppBar() {
  const { productName } = useRuntimeConfig();
  return (
    <RaAppBar
      color="primary"
      toolbar={
        <>
          <TenantFilter />
          <LanguageSwitcher />
          <ThemeSwitcher />
          <LoadingIndicator />
        </>
      }
      userMenu={
        <UserMenu label="admin:userMenu.profile" icon={<UserAvatar />}>
          <SignOutMenuItem />
        </UserMenu>
      }
    >
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', mr: 2, whiteSpace: 'nowrap' }}>
        {productName || 'Vigil'}
      </Box>
      <TitlePortal component="span" />
    </RaAppBar>
  );
}
