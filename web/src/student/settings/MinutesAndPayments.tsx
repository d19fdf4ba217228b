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
  const { data, loading } = useQuery(MINUTES_AND_PAYMENTS, { fetchPolicy: 'cache-and-network' });
  const me = data?.me;
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-label="Minutes and payments">
      <Typography variant="h6" component="h2" gutterBottom>
        Minutes and payments
      </Typography>
      {loading && !me ? (
        <Loading label="Loading your minutes" />
      ) : me ? (
        <>
          <Typography gutterBottom>{me.account.remainingMinutes} minutes remaining.</Typography>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Payments
          </Typography>
          {me.account.paidPayments.length ? (
            <>
              <Table size="small" aria-label="Payments" sx={WIDE}>
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Amount</TableCell>
                    <TableCell>Minutes</TableCell>
                    <TableCell>Receipt</TableCell>
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
                            Receipt
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
                label="Payments"
                rows={me.account.paidPayments.map((p) => ({
                  id: p.id,
                  title: formatMoney(p.amount, p.currency),
                  fields: [
                    ['Date', formatDateTime(p.createdAt, me.tzIdentifier)],
                    ['Minutes', String(p.minutes)],
                    [
                      'Receipt',
                      p.receiptUrl ? (
                        // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: RowCards keys its fields by label
                        <Link href={p.receiptUrl} target="_blank" rel="noopener noreferrer">
                          Receipt
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
            <Typography color="text.secondary">No payments yet.</Typography>
          )}
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            Transactions
          </Typography>
          <Table size="small" aria-label="Minute transactions" sx={WIDE}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Minutes</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {me.account.minuteTransactions.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>{formatDateTime(t.createdAt, me.tzIdentifier)}</TableCell>
                  <TableCell>{t.minuteQuantity > 0 ? `+${t.minuteQuantity}` : t.minuteQuantity}</TableCell>
                  <TableCell>{t.action.replace(/_/g, ' ')}</TableCell>
                  <TableCell>{t.actionReason ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <RowCards
            label="Minute transactions"
            rows={me.account.minuteTransactions.map((t) => ({
              id: t.id,
              title: `${t.minuteQuantity > 0 ? `+${t.minuteQuantity}` : t.minuteQuantity} minutes`,
              fields: [
                ['Date', formatDateTime(t.createdAt, me.tzIdentifier)],
                ['Action', t.action.replace(/_/g, ' ')],
                ['Reason', t.actionReason ?? '—'],
              ],
            }))}
          />
        </>
      ) : null}
    </Paper>
  );
}
