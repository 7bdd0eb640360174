import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, UserMenu } from 'react-admin';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { ThemeSwitcher } from '../components/ThemeSwitcher';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';
import { SignOutMenuItem } from './SignOutMenuItem';
import { TENANT_FILTER_CLASS, TenantFilter } from './TenantFilter';
import { UserAvatar } from './UserAvatar';

const REFRESH_CLASS = 'vigil-app-bar-refresh';

/**
 * On a phone (below the `sm` breakpoint) the page title comes first: the product name gives way,
 * the title may wrap to two lines in a smaller type, the language button is tighter, and where a
 * host user's tenant filter needs the room the refresh button gives way too (the browser reloads)
 * and the title gets a third line.
 * Language, theme and the user menu always stay in view. Wider screens are as before.
 */
const phoneAppBar = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .vigil-product-name': { display: 'none' },
    '& #react-admin-title': {
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      hyphens: 'auto',
      fontSize: '1rem',
      lineHeight: 1.25,
      display: '-webkit-box',
      WebkitBoxOrient: 'vertical',
      WebkitLineClamp: '2',
      minWidth: '4em',
      // react-admin's title wrapper is an inline-block, which the two-line clamp cannot reach into.
      '& > *': { display: 'inline' },
    },
    '& [data-testid="language-switcher"]': { px: 0.75, '& .MuiButton-startIcon': { mr: 0.5 } },
    // The menu, language and theme buttons keep their size; the title takes what is left.
    '& .RaAppBar-toolbar > .MuiIconButton-root, & [data-testid="language-switcher"], & [data-testid="theme-switcher"]': { flexShrink: 0 },
    [`& .${TENANT_FILTER_CLASS} ~ .${REFRESH_CLASS}`]: { display: 'none' },
    // Beside the tenant filter the title has less room: smaller type, up to three lines.
    [`&:has(.${TENANT_FILTER_CLASS}) #react-admin-title`]: { fontSize: '0.875rem', lineHeight: '1.125rem', WebkitLineClamp: '3' },
  },
});

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
      sx={phoneAppBar}
      toolbar={
        <>
          <TenantFilter />
          <LanguageSwitcher />
          <ThemeSwitcher />
          <LoadingIndicator className={REFRESH_CLASS} />
        </>
      }
      userMenu={
        <UserMenu label="admin:userMenu.profile" icon={<UserAvatar />}>
          <SignOutMenuItem />
        </UserMenu>
      }
    >
      <Box component="span" className="vigil-product-name" sx={{ fontWeight: 700, fontSize: '1.125rem', mr: 2, whiteSpace: 'nowrap' }}>
        {productName || 'Vigil'}
      </Box>
      <TitlePortal component="span" />
    </RaAppBar>
  );
}
