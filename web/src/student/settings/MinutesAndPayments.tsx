/**
 * The student's minutes and payments panel (spec 3, /student/settings): the balance, the minute
 * transactions, and each paid payment with its amount, minutes and receipt link. Tables from 600 px
 * up; below, each row is a small card (a description list), so nothing scrolls sideways on a phone.
 */
import { useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/useT';
import { formatMoney } from '../../lib/money';
import { formatDateTime } from '../../lib/time';

const MINUTES_AND_PAYMENTS = graphql(`
  query StudentMinutesAndPayments {
    me {
      id
      tzIdentifier
      account {
        id
        remainingMinutes
        minuteTransactions {
          id
          minuteQuantity
          action
          actionReason
          createdAt
        }
        paidPayments {
          id
          createdAt
          minutes
          amount
          currency
          receiptUrl
        }
      }
    }
  }
`);

/** A change of minutes with its sign: +30, -15 (text, so never grouped). */
const signed = (minutes: number): string => (minutes > 0 ? `+${minutes}` : String(minutes));

/** Tables from 600 px up; the cards below replace them on a phone. */
const WIDE = { display: { xs: 'none', sm: 'table' } } as const;

/** Rows as cards on a phone: a title and a description list of the other columns. */
function RowCards({ label, rows }: { label: string; rows: { id: string; title: string; fields: [string, ReactNode][] }[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, mt: 1 }}>
          <Typography fontWeight={600}>{row.title}</Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5 }}>
            {row.fields.map(([k, v]) => (
              <Fragment key={k}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {k}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {v}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function MinutesAndPayments() {
  const t = useT();
  /** A transaction's action in words ('admin adjustment', 'reembolso'); an unknown code as its words. */
  const actionWords = (action: string) => t('minutes.action', { code: action, words: action.replace(/_/g, ' ') });
  const { data, loading } = useQuery(MINUTES_AND_PAYMENTS, { fetchPolicy: 'cache-and-network' });
  const me = data?.me;
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-label={t('student.settings.minutes.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('student.settings.minutes.title')}
      </Typography>
      {loading && !me ? (
        <Loading label={t('student.settings.minutes.loading')} />
      ) : me ? (
        <>
          <Typography gutterBottom>{t('student.settings.minutes.remaining', { minutes: me.account.remainingMinutes })}</Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('student.settings.minutes.payments')}
          </Typography>
          {me.account.paidPayments.length ? (
            <>
              <Table size="small" aria-label={t('student.settings.minutes.payments')} sx={WIDE}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('student.settings.minutes.date')}</TableCell>
                    <TableCell>{t('student.settings.minutes.amount')}</TableCell>
                    <TableCell>{t('student.settings.minutes.minutes')}</TableCell>
                    <TableCell>{t('student.settings.minutes.receipt')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {me.account.paidPayments.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>{formatDateTime(p.createdAt, me.tzIdentifier)}</TableCell>
                      <TableCell>{formatMoney(p.amount, p.currency)}</TableCell>
                      <TableCell>{p.minutes}</TableCell>
                      <TableCell>
                        {p.receiptUrl ? (
                          <Link href={p.receiptUrl} target="_blank" rel="noopener noreferrer">
                            {t('student.settings.minutes.receipt')}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <RowCards
                label={t('student.settings.minutes.payments')}
                rows={me.account.paidPayments.map((p) => ({
                  id: p.id,
                  title: formatMoney(p.amount, p.currency),
                  fields: [
                    [t('student.settings.minutes.date'), formatDateTime(p.createdAt, me.tzIdentifier)],
                    [t('student.settings.minutes.minutes'), String(p.minutes)],
                    [
                      t('student.settings.minutes.receipt'),
                      p.receiptUrl ? (
                        // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: RowCards keys its fields by label
                        <Link href={p.receiptUrl} target="_blank" rel="noopener noreferrer">
                          {t('student.settings.minutes.receipt')}
                        </Link>
                      ) : (
                        '—'
                      ),
                    ],
                  ],
                }))}
              />
            </>
          ) : (
            <Typography color="text.secondary">{t('student.settings.minutes.noPayments')}</Typography>
          )}
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('student.settings.minutes.transactions')}
          </Typography>
          <Table size="small" aria-label={t('student.settings.minutes.transactionsLabel')} sx={WIDE}>
            <TableHead>
              <TableRow>
                <TableCell>{t('student.settings.minutes.date')}</TableCell>
                <TableCell>{t('student.settings.minutes.minutes')}</TableCell>
                <TableCell>{t('student.settings.minutes.action')}</TableCell>
                <TableCell>{t('student.settings.minutes.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {me.account.minuteTransactions.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatDateTime(row.createdAt, me.tzIdentifier)}</TableCell>
                  <TableCell>{signed(row.minuteQuantity)}</TableCell>
                  <TableCell>{actionWords(row.action)}</TableCell>
                  <TableCell>{row.actionReason ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <RowCards
            label={t('student.settings.minutes.transactionsLabel')}
            rows={me.account.minuteTransactions.map((row) => ({
              id: row.id,
              title: t('student.settings.minutes.change', { change: signed(row.minuteQuantity) }),
              fields: [
                [t('student.settings.minutes.date'), formatDateTime(row.createdAt, me.tzIdentifier)],
                [t('student.settings.minutes.action'), actionWords(row.action)],
                [t('student.settings.minutes.reason'), row.actionReason ?? '—'],
              ],
            }))}
          />
        </>
      ) : null}
    </Paper>
  );
}
