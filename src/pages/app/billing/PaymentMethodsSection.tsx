import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../components/RuntimeConfigContext';
import { PageLoader } from '../../../components/PageLoader';
import { actionKey, errorMessage, removeCard, setDefaultCard, type Card, type Logo } from './api';
import { CardForm } from './CardForm';
import { ConfirmDialog } from './ConfirmDialog';
import { formatExpiry } from './format';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The account's cards (last digits, expiry, default), with add, remove and set default. */
export function PaymentMethodsSection(props: { customerId: string; gateway: 'builtin' | 'stripe'; cards: Card[]; logos: Logo[]; onChanged: () => void }) {
  const { customerId, cards, logos, onChanged } = props;
  const { t } = useTranslation('billing');
  const notify = useNotify();
  // Stripe Elements only where the account's customer is at Stripe and the page has a publishable key.
  const { stripePublishableKey } = useRuntimeConfig();
  const useStripeElements = props.gateway === 'stripe' && stripePublishableKey !== '';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Card | null>(null);
  const brandName = (brand: string) => logos.find((l) => l.brand === brand)?.name ?? brand;

  const added = () => {
    setAdding(false);
    notify(t('cards.added'), { type: 'success' });
    onChanged();
  };
  const makeDefault = async (card: Card) => {
    try {
      await setDefaultCard(customerId, card.id, actionKey());
      notify(t('cards.defaultSet'), { type: 'success' });
      onChanged();
    } catch (err) {
      notify(errorMessage(err) ?? t('cards.defaultFailed'), { type: 'error' });
    }
  };

  return (
    <section aria-labelledby="billing-cards">
      <Typography variant="h5" component="h2" id="billing-cards" gutterBottom>
        {t('cards.title')}
      </Typography>
      {cards.length === 0 && <Typography color="text.secondary">{t('cards.empty')}</Typography>}
      <List aria-labelledby="billing-cards" disablePadding>
        {cards.map((card) => (
          <ListItem key={card.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }} data-card={card.last4}>
            <ListItemText
              primary={t('cards.ending', { brand: brandName(card.brand), last4: card.last4 })}
              secondary={t('cards.expires', { date: formatExpiry(card.expMonth, card.expYear) })}
              sx={{ minWidth: 180 }}
            />
            {card.isDefault && <Chip size="small" color="primary" label={t('cards.default')} />}
            {!card.isDefault && (
              <Button size="small" aria-label={t('cards.makeDefaultLabel', { last4: card.last4 })} onClick={() => void makeDefault(card)}>
                {t('cards.makeDefault')}
              </Button>
            )}
            <Button size="small" color="error" aria-label={t('cards.removeLabel', { last4: card.last4 })} onClick={() => setRemoving(card)}>
              {t('cards.remove')}
            </Button>
          </ListItem>
        ))}
      </List>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('cards.add')}
        </Button>
        <Typography variant="body2" color="text.secondary" id="billing-accepted">
          {t('cards.accepted')}
        </Typography>
        <Box role="list" aria-labelledby="billing-accepted" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {logos.map((logo) => (
            <img key={logo.brand} role="listitem" src={logo.image} alt={logo.name} width={40} height={25} />
          ))}
        </Box>
      </Stack>

      <Dialog open={adding} onClose={() => setAdding(false)} aria-labelledby="billing-add-card" fullWidth maxWidth="xs">
        <DialogTitle id="billing-add-card">{t('cards.addTitle')}</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <Box sx={{ pt: 1 }}>
            {useStripeElements ? (
              <Suspense fallback={<PageLoader />}>
                <StripeCardForm publishableKey={stripePublishableKey} onAdded={added} />
              </Suspense>
            ) : (
              <CardForm onAdded={added} />
            )}
          </Box>
          <Button onClick={() => setAdding(false)} sx={{ mt: 1 }}>
            {t('cancel')}
          </Button>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={t('cards.removeTitle', { last4: removing?.last4 ?? '' })}
        confirmLabel={t('cards.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={async (key) => {
          try {
            await removeCard(removing!.id, key);
            notify(t('cards.removed'), { type: 'success' });
            onChanged();
          } catch (err) {
            notify(errorMessage(err) ?? t('cards.removeFailed'), { type: 'error' });
          }
          setRemoving(null);
        }}
      >
        <Typography>{t('cards.removeText')}</Typography>
      </ConfirmDialog>
    </section>
  );
}
