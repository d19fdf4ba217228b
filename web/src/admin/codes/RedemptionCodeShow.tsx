/**
 * /admin/redemption_codes/:id: the code (without its version prefix), its minutes, its set, who
 * redeemed it and when, and the spec's disabled Invalidate Code button.
 */
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePageTitle } from '../../shell/usePageTitle';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { useAdminTime } from '../zone';
import { FactsTable } from '../../components/FactsTable';

interface CodeRecord {
  id: string;
  value: string;
  valueVersion: string;
  createdAt: string;
  minuteQuantity: number;
  redeemedOn: string | null;
  redeemedBy: { id: string; emailAddress: string | null; displayName: string | null } | null;
  redemptionSet: { id: string; name: string };
}

export function RedemptionCodeShow() {
  const t = useT();
  const { id = '' } = useParams();
  const format = useAdminTime();
  const { data, error, isPending } = useGetOne<CodeRecord>('redemption_codes', { id });
  usePageTitle(data ? t('admin.codes.pageTitle', { code: data.value }) : t('admin.codes.one'));
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.codes.what')}
      list={{ path: '/admin/redemption_codes', label: t('admin.codes.title') }}
      crumb={(code) => code.value}
      title={(code) => t('admin.codes.heading', { code: code.value })}
    >
      {(code) => {
        const rows: [string, React.ReactNode][] = [
          [
            t('admin.codes.code'),
            // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
            <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }} data-testid="code-value">
              {code.value}
            </Typography>,
          ],
          [t('admin.codes.version'), code.valueVersion],
          [t('admin.codes.minutes'), code.minuteQuantity],
          [t('admin.codes.created'), format(code.createdAt)],
          [
            t('admin.codes.set'),
            // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
            <Link component={RouterLink} to={`/admin/redemption_sets/${code.redemptionSet.id}`}>
              {code.redemptionSet.name}
            </Link>,
          ],
          [
            t('admin.codes.redeemedBy'),
            code.redeemedBy ? (
              // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
              <Link component={RouterLink} to={`/admin/students/${code.redeemedBy.id}`}>
                {code.redeemedBy.displayName ?? code.redeemedBy.emailAddress}
              </Link>
            ) : (
              t('admin.codes.notRedeemed')
            ),
          ],
          [t('admin.codes.redeemedOn'), code.redeemedOn ? format(code.redeemedOn) : '—'],
        ];
        return (
          <Stack spacing={2}>
            <ShowSection id="code-details" title={t('admin.codes.details')}>
              <FactsTable rows={rows} labelWidth={200} />
            </ShowSection>
            {/* Spec 3: the Invalidate Code button is there and disabled; it says why. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              <Button variant="outlined" color="error" disabled aria-describedby="invalidate-why">
                {t('admin.codes.invalidate')}
              </Button>
              <Typography id="invalidate-why" variant="body2" color="text.secondary">
                {t('admin.codes.cannotInvalidate')}
              </Typography>
            </Stack>
          </Stack>
        );
      }}
    </ShowFrame>
  );
}
