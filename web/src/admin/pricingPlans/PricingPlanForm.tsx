import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { DURATIONS } from '../../../../contracts/enrollment';
import { MAX_PLAN_NAME, pricingPlanFieldErrors } from '../../../../contracts/validation/pricing';
import { FormActions } from '../../components/FormActions';
import { useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { PricingPlanInput } from '../dataProvider';
import { kindChoices } from './kinds';
import { priceListOf, priceTextsOf, type PriceEntry, type PriceTexts } from './prices';

export interface PricingPlanValues {
  name: string;
  kind: string;
  conversationDuration: number;
  priceList: readonly PriceEntry[];
  promotionalPriceList: readonly PriceEntry[] | null;
}

export function PricingPlanForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  extra,
}: {
  initial: PricingPlanValues;
  submitLabel: string;
  onSubmit(input: PricingPlanInput): Promise<void>;
  onCancel(): void;
  /** Shown between the fields and the buttons (e.g. the system default choice). */
  extra?: ReactNode;
}) {
  const t = useT();
  const [name, setName] = useState(initial.name);
  const [kind, setKind] = useState(initial.kind);
  const [duration, setDuration] = useState(initial.conversationDuration);
  const [prices, setPrices] = useState<PriceTexts>(() => priceTextsOf(initial.priceList));
  const [promotional, setPromotional] = useState<PriceTexts>(() => priceTextsOf(initial.promotionalPriceList));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const list = priceListOf(prices);
  const promo = priceListOf(promotional);
  const input: PricingPlanInput = {
    name: name.trim(),
    kind,
    conversationDuration: duration,
    priceList: list.list,
    promotionalPriceList: promo.list.length ? promo.list : null,
  };
  const fields = pricingPlanFieldErrors(input);
  const priceProblem = (which: 'priceList' | 'promotionalPriceList', d: number) => {
    if (!submitted) return undefined;
    const invalid = (which === 'priceList' ? list : promo).invalid;
    if (invalid.includes(d)) return t('admin.pricing.notAnAmount');
    return fields[which] ?? serverFields[which];
  };
  const problem = (key: string) => (submitted ? (fields[key] ?? serverFields[key]) : undefined);
  const hasProblems = Object.keys(fields).length > 0 || list.invalid.length > 0 || promo.invalid.length > 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (hasProblems) return;
    setSaving(true);
    setServerError(null);
    setServerFields({});
    try {
      await onSubmit(input);
    } catch (error) {
      setServerError(errorMessage(error));
      setServerFields((apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string>) ?? {});
    } finally {
      setSaving(false);
    }
  }

  const priceFields = (which: 'priceList' | 'promotionalPriceList', texts: PriceTexts, set: (texts: PriceTexts) => void, label: string) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {DURATIONS.map((d) => {
        const message = priceProblem(which, d);
        return (
          <TextField
            key={d}
            label={t('admin.pricing.priceField', { label, minutes: d })}
            value={texts[d] ?? ''}
            onChange={(e) => set({ ...texts, [d]: e.target.value })}
            error={!!message}
            helperText={message ?? t('admin.pricing.blankPrice')}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal', maxLength: 12 },
            }}
            sx={{ flex: 1 }}
          />
        );
      })}
    </Stack>
  );

  return (
    <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 640 }} onSubmit={submit} aria-label={t('admin.pricing.form')}>
      <TextField
        label={t('admin.pricing.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        error={!!problem('name')}
        helperText={problem('name')}
        slotProps={{ htmlInput: { maxLength: MAX_PLAN_NAME + 20 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('admin.pricing.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          error={!!problem('kind')}
          helperText={problem('kind')}
          sx={{ flex: 1 }}
        >
          {kindChoices(t).map((k) => (
            <MenuItem key={k.id} value={k.id}>
              {k.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('admin.pricing.conversationDuration')}
          value={duration}
          onChange={(e) => setDuration(Number(e.target.value))}
          error={!!problem('conversationDuration')}
          helperText={problem('conversationDuration')}
          sx={{ flex: 1 }}
        >
          {DURATIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('admin.pricing.minutesChoice', { minutes: d })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="subtitle1" component="h2">
        {t('admin.pricing.pricesPerConversation')}
      </Typography>
      {priceFields('priceList', prices, setPrices, t('admin.pricing.listPrice'))}
      {priceFields('promotionalPriceList', promotional, setPromotional, t('admin.pricing.promotionalPrice'))}
      <Typography variant="body2" color="text.secondary">
        {t('admin.pricing.explanation')}
      </Typography>
      {extra}
      <FormActions
        error={serverError}
        saving={saving}
        submitLabel={submitLabel}
        cancelLabel={t('admin.common.cancel')}
        onCancel={onCancel}
      />
    </Stack>
  );
}
