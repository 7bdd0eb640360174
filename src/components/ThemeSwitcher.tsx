import { useId, useState, type MouseEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import { isThemeMode, THEME_MODES, useThemeMode, type ThemeMode } from '../theme';
import { LazySwitcherMenu, preloadSwitcherMenu } from './LazySwitcherMenu';

const ICONS: Record<ThemeMode, ReactElement> = {
  device: <SettingsBrightnessIcon />,
  light: <LightModeIcon />,
  dark: <DarkModeIcon />,
};

const LABEL_KEYS: Record<ThemeMode, string> = {
  device: 'app.themeDevice',
  light: 'app.themeLight',
  dark: 'app.themeDark',
};

/** Device / light / dark (stored in localStorage 'theme' by the ThemeModeProvider). */
export function ThemeSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const { mode, setMode } = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  const choose = (next: string) => {
    setAnchor(null);
    if (isThemeMode(next)) setMode(next);
  };

  return (
    <>
      {/* A Button shaped like an icon button: Button is on every page already, IconButton is not. */}
      <Button
        color={color}
        data-testid="theme-switcher"
        aria-label={t('app.theme')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={preloadSwitcherMenu}
        onFocus={preloadSwitcherMenu}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, width: 40, height: 40, p: 0, borderRadius: '50%' }}
      >
        {ICONS[mode]}
      </Button>
      <LazySwitcherMenu
        id={menuId}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onSelect={choose}
        items={THEME_MODES.map((option) => ({ key: option, label: t(LABEL_KEYS[option]), icon: ICONS[option], selected: option === mode }))}
      />
    </>
  );
}

export default ThemeSwitcher;
