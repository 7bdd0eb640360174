import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { privacyLink, supportLink } from '../../common/links';
import { useRuntimeConfig } from './RuntimeConfigContext';
import { ExternalLink } from './ExternalLink';
import { listLinkSx, textLinkSx, withSx } from './TextLink';
import { VigilLogo } from './VigilLogo';
import { BRAND } from '../theme/createVigilTheme';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="nav" aria-label={title} sx={{ minWidth: 150 }}>
      <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1, letterSpacing: 0.4, textTransform: 'uppercase', opacity: 0.75 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, fontSize: '0.9375rem' }}>
        {children}
      </Box>
    </Box>
  );
}

const linkSx = withSx(textLinkSx, listLinkSx);

/**
 * The public footer: the external links of SPEC section 1 (contact, terms and privacy, guides,
 * store, the two apps on iOS and Android, language-dependent privacy and support pages), all
 * configurable through the runtime configuration, plus the public legal pages.
 */
export function ExternalLinks() {
  const { t, i18n } = useTranslation();
  const { links, productName } = useRuntimeConfig();
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Box component="footer" sx={{ bgcolor: (theme) => (theme.palette.mode === 'dark' ? '#060e19' : BRAND.navy), color: 'common.white', mt: 'auto', pt: 5, pb: 4 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr 1fr', md: '1.4fr repeat(4, 1fr)' } }}>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
              <VigilLogo size={28} />
              <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
                {productName || 'Vigil'}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ opacity: 0.8, maxWidth: 300 }}>
              {t('footer.about')}
            </Typography>
          </Box>
          <Column title={t('footer.help')}>
            <li><ExternalLink href={supportLink(links, language)} sx={linkSx}>{t('menu.support')}</ExternalLink></li>
            <li><Box component={RouterLink} to="/faq" sx={linkSx}>{t('faq.title')}</Box></li>
            <li><ExternalLink href={links.guides} sx={linkSx}>{t('menu.guides')}</ExternalLink></li>
            <li><ExternalLink href={links.contact} sx={linkSx}>{t('menu.contact')}</ExternalLink></li>
          </Column>
          <Column title={t('footer.legal')}>
            <li><Box component={RouterLink} to="/terms" sx={linkSx}>{t('terms.title')}</Box></li>
            <li><ExternalLink href={privacyLink(links, language)} sx={linkSx}>{t('privacy.title')}</ExternalLink></li>
            <li><ExternalLink href={links.termsAndPrivacy} sx={linkSx}>{t('footer.termsAndPrivacy')}</ExternalLink></li>
            <li><Box component={RouterLink} to="/imprint" sx={linkSx}>{t('menu.imprint')}</Box></li>
          </Column>
          <Column title={t('footer.products')}>
            <li><ExternalLink href={links.store} sx={linkSx}>{t('footer.store')}</ExternalLink></li>
            <li><Box component={RouterLink} to="/mobile-app-tos" sx={linkSx}>{t('mobileAppTos.title')}</Box></li>
          </Column>
          <Column title={t('footer.apps')}>
            <li><ExternalLink href={links.apps.careIos} sx={linkSx}>{t('footer.careApp')} · App Store</ExternalLink></li>
            <li><ExternalLink href={links.apps.careAndroid} sx={linkSx}>{t('footer.careApp')} · Google Play</ExternalLink></li>
            <li><ExternalLink href={links.apps.companionIos} sx={linkSx}>{t('footer.companionApp')} · App Store</ExternalLink></li>
            <li><ExternalLink href={links.apps.companionAndroid} sx={linkSx}>{t('footer.companionApp')} · Google Play</ExternalLink></li>
          </Column>
        </Box>
        <Typography variant="body2" sx={{ mt: 5, pt: 3, borderTop: 1, borderColor: 'rgba(255,255,255,0.15)', opacity: 0.7 }}>
          © {new Date().getFullYear()} {productName || 'Vigil'} · {t('footer.rights')}
        </Typography>
      </Container>
    </Box>
  );
}

export default ExternalLinks;
