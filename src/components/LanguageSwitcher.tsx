import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import LanguageIcon from '@mui/icons-material/Language';
import { DEFAULT_LANGUAGE, findLanguage, LANGUAGES } from '../../common/languages';
import { LazySwitcherMenu, preloadSwitcherMenu } from './LazySwitcherMenu';

/**
 * Picks the interface language. i18n.changeLanguage gets the cultureName; the language detector
 * caches it in localStorage 'i18nextLng'. Each item is labelled in its own language (lang attribute)
 * so a screen reader reads 'Dansk' as Danish.
 */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = findLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

  const choose = (cultureName: string) => {
    setAnchor(null);
    if (cultureName !== current.cultureName) void i18n.changeLanguage(cultureName);
  };

  return (
    <>
      <Button
        color={color}
        data-testid="language-switcher"
        aria-label={t('app.language')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={preloadSwitcherMenu}
        onFocus={preloadSwitcherMenu}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        sx={{ minWidth: 0, px: 1.5 }}
      >
        {current.twoLetterISOLanguageName.toUpperCase()}
      </Button>
      <LazySwitcherMenu
        id={menuId}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onSelect={choose}
        items={LANGUAGES.map((language) => ({
          key: language.cultureName,
          label: language.displayName,
          lang: language.twoLetterISOLanguageName,
          selected: language.cultureName === current.cultureName,
        }))}
      />
    </>
  );
}

export default LanguageSwitcher;
