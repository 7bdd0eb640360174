import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { supportLink } from '../../../common/links';
import { ExternalLink } from '../../components/ExternalLink';
import { PublicPage } from '../../components/PublicPage';
import { useRuntimeConfig } from '../../components/RuntimeConfigContext';
import { useTranslatedList } from '../../components/useTranslatedList';

interface FaqItem {
  question: string;
  answer: string;
}

/** '/faq': frequent questions from families, then the way to support. */
export default function Faq() {
  const { t, i18n } = useTranslation();
  const { links } = useRuntimeConfig();
  const items = useTranslatedList<FaqItem>('faq.items');

  return (
    <PublicPage title={t('faq.title')} intro={t('faq.intro')}>
      {items.map((item, index) => (
        <Accordion key={item.question} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${index}-header`} aria-controls={`faq-${index}-content`}>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}-content`}>
            <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
              {item.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
      <Paper variant="outlined" sx={{ mt: 5, p: 3, borderRadius: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('faq.moreTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {t('faq.moreText')}
        </Typography>
        <ExternalLink href={supportLink(links, i18n.resolvedLanguage ?? i18n.language)} sx={{ fontWeight: 600 }}>
          {t('menu.support')}
        </ExternalLink>
      </Paper>
    </PublicPage>
  );
}
