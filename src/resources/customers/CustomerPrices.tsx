import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { api } from '../../providers/openapi/typedApi';
import { problemsOf } from '../simcards/types';
import { draftsOf, effectivePriceOf, formatPrice, pricePayload, rowErrors, type Currency, type CustomerPricesAnswer, type PriceDrafts } from './prices';

/** The form's and the answers' currencies are the customer schema's, which are the ones the prices routes take. */
const asCurrency = (code: string) => code as Currency;

interface Props {
  customerId: string;
  /** The currency to show (the one chosen on the form); the customer's own when undefined. */
  currency?: string;
  /** The discount to apply in the effective price column; the saved one when undefined. */
  discountPercentage?: number;
  /** Inputs and buttons (edit page) or text only (show page). */
  editable: boolean;
}

/**
 * The customer's prices in one currency: product, list price, the customer's own price (empty for
 * none), and the effective price after the discount. Saved on its own (PUT prices), apart from the
 * record's form; "Reset prices" removes every own price after a confirmation.
 */
export function CustomerPrices({ customerId, currency, discountPercentage, editable }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [data, setData] = useState<CustomerPricesAnswer>();
  const [drafts, setDrafts] = useState<PriceDrafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const params = { id: customerId };

  const show = useCallback((answer: CustomerPricesAnswer) => {
    setLoadError(undefined);
    setData(answer);
    setDrafts(draftsOf(answer.items));
    setErrors({});
  }, []);

  useEffect(() => {
    let live = true;
    api('get', '/api/app/customer/{id}/prices', { params: { id: customerId }, query: { currency: currency === undefined ? undefined : asCurrency(currency) } })
      .then((answer) => live && show(answer))
      .catch((error: unknown) => live && setLoadError(problemsOf(error).message));
    return () => {
      live = false;
    };
  }, [customerId, currency, show]);

  const fail = (error: unknown) => {
    const { message } = problemsOf(error);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };

  async function save() {
    if (!data) return;
    const { body, invalid } = pricePayload(asCurrency(data.currency), data.items, drafts);
    if (invalid.length) {
      setErrors(Object.fromEntries(invalid.map((key) => [key, translate('customers.prices.notANumber')])));
      return;
    }
    setPending(true);
    try {
      show(await api('put', '/api/app/customer/{id}/prices', { params, body }));
      notify('customers.prices.saved', { type: 'success' });
    } catch (error) {
      const validation = (error as { body?: { validationErrors?: { message: string; members?: string[] }[] } }).body?.validationErrors ?? [];
      setErrors(rowErrors(validation, body.prices));
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function reset() {
    if (!data) return;
    setConfirming(false);
    setPending(true);
    try {
      // The reset answers the prices as they now are.
      show(await api('post', '/api/app/customer/{id}/resetPrices', { params, body: { currency: asCurrency(data.currency) } }));
      notify('customers.prices.resetDone', { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  if (loadError) return <Alert severity="error" sx={{ mt: 2 }}>{loadError}</Alert>;
  if (!data) return null;
  const discount = discountPercentage ?? data.discountPercentage;
  const money = (value: number | null) => (value === null ? '—' : formatPrice(value, locale));

  return (
    <Box sx={{ mt: 2, width: '100%' }} data-testid="customer-prices">
      <Typography variant="h6" gutterBottom>
        {translate('customers.prices.title', { currency: data.currency })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('customers.prices.product')}</TableCell>
            <TableCell align="right">{translate('customers.prices.listPrice')}</TableCell>
            <TableCell align="right">{translate('customers.prices.customerPrice')}</TableCell>
            <TableCell align="right">{translate('customers.prices.effectivePrice')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((item) => (
            <TableRow key={item.productKey} data-product={item.productKey}>
              <TableCell>{item.name}</TableCell>
              <TableCell align="right" className="list-price">{money(item.listPrice)}</TableCell>
              <TableCell align="right" className="customer-price">
                {editable ? (
                  <TextField
                    type="number"
                    size="small"
                    value={drafts[item.productKey] ?? ''}
                    onChange={(e) => setDrafts((d) => ({ ...d, [item.productKey]: e.target.value }))}
                    // Enter would submit the record's form around this table.
                    onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                    error={Boolean(errors[item.productKey])}
                    helperText={errors[item.productKey]}
                    slotProps={{ htmlInput: { min: 0, step: 0.01, 'aria-label': translate('customers.prices.customerPriceOf', { product: item.name }) } }}
                    sx={{ width: 140 }}
                  />
                ) : (
                  money(item.customerPrice)
                )}
              </TableCell>
              <TableCell align="right" className="effective-price">
                {money(editable ? effectivePriceOf(item, drafts[item.productKey], discount) : item.effectivePrice)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button variant="contained" type="button" onClick={save} disabled={pending}>
            {translate('customers.prices.save')}
          </Button>
          <Button type="button" color="warning" onClick={() => setConfirming(true)} disabled={pending}>
            {translate('customers.prices.reset')}
          </Button>
          <Confirm
            isOpen={confirming}
            title="customers.prices.resetTitle"
            content="customers.prices.resetConfirm"
            onConfirm={reset}
            onClose={() => setConfirming(false)}
          />
        </Box>
      )}
    </Box>
  );
}

