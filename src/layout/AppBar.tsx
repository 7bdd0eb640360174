import { useEffect } from 'react';
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
const TITLE_ID = 'react-admin-title';

/**
 * Keeps the app bar title's `title` attribute the page's whole title, whatever page portals its
 * title there, so a title cut short on a phone can still be read in full.
 */
function FullTitle() {
  useEffect(() => {
    const element = document.getElementById(TITLE_ID);
    if (!element) return;
    const update = () => {
      const text = (element.textContent ?? '').trim();
      if (text) element.setAttribute('title', text);
      else element.removeAttribute('title');
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}

/**
 * On a phone (below the `sm` breakpoint) the page title comes first: the product name gives way,
 * the title may wrap to two lines in a smaller type, the language button is tighter, and where a
 * host user's tenant filter needs the room the refresh button gives way too (the browser reloads)
 * and the title gets a third line. The title wraps only between words: a word wider than the
 * room left (German 'Geräteverwaltung' beside the tenant filter) ends in an ellipsis, never
 * breaks, and the whole title is the element's `title` (FullTitle).
 * Language, theme and the user menu always stay in view. Wider screens are as before.
 */
const phoneAppBar = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .vigil-product-name': { display: 'none' },
    [`& #${TITLE_ID}`]: {
      whiteSpace: 'normal',
      overflowWrap: 'normal',
      wordBreak: 'normal',
      hyphens: 'manual',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
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
    [`&:has(.${TENANT_FILTER_CLASS}) #${TITLE_ID}`]: { fontSize: '0.875rem', lineHeight: '1.125rem', WebkitLineClamp: '3' },
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
      <FullTitle />
    </RaAppBar>
  );
}
