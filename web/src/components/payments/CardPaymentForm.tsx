/**
 * The card form (spec 1, section 5): the card is tokenised in the browser and only the token goes
 * to the API. With a Stripe publishable key it is Stripe Elements' card element; otherwise it is
 * the local gateway's own small form, which posts the card to the gateway's endpoint (never to
 * /graphql). Pay is enabled only when the cardholder name, number, expiry and CVC are all filled
 * in and show no error; the button reads 'Pay {amount} for access'.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { CARD_ERROR_CODES, type CardError, type CardErrorCode, cardFieldErrors } from '../../../../contracts/cards';
import type { Locale } from '../../../../contracts/i18n/locales';
import { activeLocale } from '../../i18n/translate';
import { Loading } from '../Loading';
import { useT } from '../../i18n/useT';
import { formatMoney } from '../../lib/money';
import { PAYMENT_CONFIGURATION, QUIET } from '../enrollment/operations';

export interface CardPaymentFormProps {
  /** Minor units. */
  amount: number;
  currency?: string;
  /** The enrollment is being made: Pay stays disabled (a double click pays once). */
  busy?: boolean;
  onToken(token: string): void;
}

type Translate = ReturnType<typeof useT>;

/** A card problem in the page's words, by its code (the gateway answers in English); any other answer as a failed check. */
function cardProblem(code: unknown, t: Translate): string {
  if (typeof code !== 'string' || !(CARD_ERROR_CODES as readonly string[]).includes(code)) return t('payments.checkFailed');
  const known = code as CardErrorCode;
  return t(`payments.card.${known}`);
}

/** Every locale of the app is one of Stripe's. */
const stripeLocale = (locale: Locale): StripeElementLocale => locale;

export function CardPaymentForm(props: CardPaymentFormProps) {
  const t = useT();
  const { data, error } = useQuery(PAYMENT_CONFIGURATION, { ...QUIET, fetchPolicy: 'cache-first' });
  if (error) return <Alert severity="error">{t('payments.couldNotLoad')}</Alert>;
  if (!data) return <Loading label={t('payments.loading')} />;
  const config = data.paymentConfiguration;
  if (config.provider === 'stripe' && config.publishableKey) return <StripeCardForm {...props} publishableKey={config.publishableKey} />;
  return <LocalCardForm {...props} tokensUrl={config.tokensUrl ?? '/payments/local/v1/tokens'} />;
}

/**
 * The cardholder name typed last, kept in memory (never in storage) for this tab, so Try Again
 * after a declined card does not ask for it again. The card number, expiry and CVC are never kept.
 */
let rememberedName = '';
/** Forgets the kept name (after a payment went through). */
export function forgetCardholderName() {
  rememberedName = '';
}
function useCardholderName(): [string, (name: string) => void] {
  const [name, setName] = useState(rememberedName);
  return [
    name,
    (value: string) => {
      rememberedName = value;
      setName(value);
    },
  ];
}

/** "MM / YY" (or MM/YYYY) as month and year. */
export function parseExpiry(value: string): { expMonth: string; expYear: string } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  return match ? { expMonth: match[1], expYear: match[2] } : { expMonth: '', expYear: '' };
}

const formatCardNumber = (value: string) =>
  value
    .replace(/[^\d]/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (value: string) => {
  const digits = value.replace(/[^\d]/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

function LocalCardForm({ amount, currency = 'usd', busy, onToken, tokensUrl }: CardPaymentFormProps & { tokensUrl: string }) {
  const t = useT();
  const [name, setName] = useCardholderName();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [tokenizing, setTokenizing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const errors = cardFieldErrors({ name, number, cvc, ...parseExpiry(expiry) }, new Date());
  const errorOf = (param: CardError['param']) => {
    const error = errors.find((e) => e.param === param);
    return error && cardProblem(error.code, t);
  };
  const filled = !!(name.trim() && number.trim() && expiry.trim() && cvc.trim());
  const canPay = filled && errors.length === 0 && !busy && !tokenizing;
  const shown = (param: CardError['param'], value: string) => (touched[param] && value ? errorOf(param) : undefined);
  const blur = (param: string) => () => setTouched((t) => ({ ...t, [param]: true }));

  async function pay() {
    if (!canPay) return;
    setTokenizing(true);
    setServerError(null);
    try {
      const res = await fetch(tokensUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, number, cvc, ...parseExpiry(expiry) }),
      });
      const body = await res.json();
      if (!res.ok) {
        setServerError(cardProblem(body?.error?.code, t));
        return;
      }
      onToken(body.id);
    } catch {
      setServerError(t('payments.checkOffline'));
    } finally {
      setTokenizing(false);
    }
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('payments.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('payments.cardholder')}
          placeholder={t('payments.cardholderPlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={blur('name')}
          autoComplete="cc-name"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'card-name' } }}
        />
        <TextField
          label={t('payments.number')}
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          onBlur={blur('number')}
          error={!!shown('number', number)}
          helperText={shown('number', number)}
          autoComplete="cc-number"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number' } }}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('payments.expiry')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            onBlur={blur('exp')}
            error={!!shown('exp', expiry)}
            helperText={shown('exp', expiry)}
            autoComplete="cc-exp"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-expiry' } }}
          />
          <TextField
            label={t('payments.cvc')}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/[^\d]/g, '').slice(0, 4))}
            onBlur={blur('cvc')}
            error={!!shown('cvc', cvc)}
            helperText={shown('cvc', cvc)}
            autoComplete="cc-csc"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-cvc' } }}
          />
        </Stack>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!canPay}>
          {t('payments.pay', { amount: formatMoney(amount, currency) })}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('payments.testMode')}
        </Typography>
      </Stack>
    </Box>
  );
}

function StripeCardForm({ amount, currency = 'usd', busy, onToken, publishableKey }: CardPaymentFormProps & { publishableKey: string }) {
  const t = useT();
  const mountRef = useRef<HTMLDivElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [name, setName] = useCardholderName();
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    void import('@stripe/stripe-js').then(async ({ loadStripe }) => {
      // Stripe's own words (its card field's problems) in the page's language.
      const instance = await loadStripe(publishableKey, { locale: stripeLocale(activeLocale()) });
      if (cancelled || !instance || !mountRef.current) return;
      element = instance.elements().create('card', { hidePostalCode: true });
      element.on('change', (event) => {
        setComplete(event.complete);
        setCardError(event.error?.message ?? null);
      });
      element.mount(mountRef.current);
      setStripe(instance);
      setCard(element);
    });
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey]);

  const canPay = !!stripe && !!card && !!name.trim() && complete && !cardError && !busy && !tokenizing;

  async function pay() {
    if (!canPay || !stripe || !card) return;
    setTokenizing(true);
    setServerError(null);
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } });
    setTokenizing(false);
    if (error || !paymentMethod) setServerError(error?.message ?? t('payments.checkFailed'));
    else onToken(paymentMethod.id);
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('payments.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <Stack spacing={2}>
        <TextField
          label={t('payments.cardholder')}
          placeholder={t('payments.cardholderPlaceholder')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="cc-name"
          required
          fullWidth
        />
        <Box ref={mountRef} sx={{ border: 1, borderColor: cardError ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }} />
        {cardError && (
          <Typography color="error" variant="body2">
            {cardError}
          </Typography>
        )}
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!canPay}>
          {t('payments.pay', { amount: formatMoney(amount, currency) })}
        </Button>
      </Stack>
    </Box>
  );
}
