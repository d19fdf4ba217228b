/**
 * /admin/speakers/:id/speaking (spec 3, speaking settings): the speaker's languages (a multi-select
 * of the language list) and pay rate, shown as dollars with two decimals and stored in cents
 * ('A positive value must be provided.' below zero). Also shows the promotion state.
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { centsToDollars, dollarsToCents } from '../../../../contracts/money';
import { PAY_RATE_TOO_HIGH_MESSAGE, payRateError } from '../../../../contracts/speaking';
import { Loading } from '../../components/Loading';
import { notifySuccess } from '../../components/snackbars';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { CHANGE_USER_SPEAKING, USER_SPEAKING } from './operations';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { languageName } from '../../lib/languageName';

const QUIET = { context: { quiet: true } } as const;

/** The contracts' pay rate rule a rate breaks (none for a good one), in the page's words. */
function payRateProblem(cents: number | null): MessageId | null {
  const rule = payRateError(cents);
  if (rule === null) return null;
  return rule === PAY_RATE_TOO_HIGH_MESSAGE ? 'admin.speaking.payRateTooHigh' : 'admin.speaking.payRatePositive';
}

/** Students' ratings of the speaker after their conversations (issue 10): admins only. */
function SpeakerRatingLine({ rating }: { rating: { count: number; average: number | null } | null }) {
  const t = useT();
  if (!rating) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }} aria-label={t('admin.speaking.rating')}>
      {rating.count ? (
        <>
          <Rating value={rating.average ?? 0} precision={0.1} readOnly size="small" aria-hidden />
          <Typography variant="body2">
            {t('admin.speaking.ratingValue', { average: rating.average?.toFixed(2) ?? '', count: rating.count })}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('admin.speaking.noRating')}
        </Typography>
      )}
    </Stack>
  );
}

export function SpeakingTab({ person }: { person: { id: string } }) {
  const t = useT();
  const { data, loading, error } = useQuery(USER_SPEAKING, {
    variables: { userId: person.id },
    fetchPolicy: 'cache-and-network',
    ...QUIET,
  });
  const [change, { loading: saving }] = useMutation(CHANGE_USER_SPEAKING, QUIET);
  const speaking = data?.user?.speaking ?? null;
  const languages: { code: string; name: string }[] = data?.lookupLanguages ?? [];
  const [selected, setSelected] = useState<string[]>([]);
  const [payRate, setPayRate] = useState('0.00');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled again when the saved values change, not on every refetch's new object (that would drop the admin's edits)
  useEffect(() => {
    if (!speaking) return;
    setSelected(speaking.languages);
    setPayRate(centsToDollars(speaking.payRate));
  }, [speaking?.id, speaking?.payRate, speaking?.languages?.join(',')]);

  const cents = dollarsToCents(payRate);
  const payRule = payRateProblem(cents);
  const payProblem = payRule && t(payRule);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (payProblem || cents === null) return;
    try {
      await change({ variables: { input: { userId: person.id, languages: selected, payRate: cents } } });
      notifySuccess(t('admin.speaking.changed'));
      setTouched(false);
    } catch (e) {
      const fields = apiErrorsOf(e)[0]?.extensions?.fields as Record<string, string> | undefined;
      setServerError(fields?.payRate ?? fields?.languages ?? errorMessage(e));
    }
  };

  if (loading && !data) return <Loading label={t('admin.speaking.loading')} />;
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!speaking) return <Alert severity="info">{t('admin.speaking.noRecord')}</Alert>;

  const declined = speaking.evaluation === 'decline';
  const nameOf = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  return (
    <Card variant="outlined" component="section" aria-labelledby="speaking-title">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <Typography id="speaking-title" variant="h6" component="h2">
            {t('admin.speaking.title')}
          </Typography>
          {speaking.isPromoted ? (
            <Chip size="small" color="success" label={t('admin.speaking.promoted')} />
          ) : declined ? (
            <Chip size="small" color="error" label={t('admin.speaking.declined')} />
          ) : (
            <Chip size="small" label={t('admin.speaking.notPromoted')} />
          )}
        </Stack>
        <SpeakerRatingLine rating={data?.user?.speakerRating ?? null} />
        <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-label={t('admin.speaking.title')} sx={{ maxWidth: 480 }}>
          <TextField
            select
            label={t('admin.speaking.languages')}
            value={selected}
            onChange={(e) => {
              const value = e.target.value as unknown as string[] | string;
              setSelected(typeof value === 'string' ? value.split(',') : value);
            }}
            helperText={t('admin.speaking.languagesHelp')}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (codes) => (
                  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                    {(codes as string[]).map((c) => (
                      <Chip key={c} size="small" label={nameOf(c)} />
                    ))}
                  </Stack>
                ),
              },
            }}
          >
            {languages.map((l) => (
              <MenuItem key={l.code} value={l.code}>
                {languageName(l.code)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('admin.speaking.payRate')}
            value={payRate}
            onChange={(e) => setPayRate(e.target.value)}
            onBlur={() => {
              setTouched(true);
              if (cents !== null) setPayRate(centsToDollars(cents));
            }}
            error={touched && !!payProblem}
            helperText={(touched && payProblem) || t('admin.speaking.payRateHelp')}
            required
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <div>
            <Button type="submit" variant="contained" disabled={saving}>
              {t(saving ? 'admin.common.saving' : 'admin.speaking.save')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
