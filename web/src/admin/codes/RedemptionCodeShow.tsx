/** /admin/redemption_codes/:id: the code (without its version prefix), its minutes, its set, who redeemed it and when. */
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../shell/usePageTitle';
import { useAdminTime } from '../zone';

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
  const { id = '' } = useParams();
  const format = useAdminTime();
  const { data, error, isPending } = useGetOne<CodeRecord>('redemption_codes', { id });
  usePageTitle(data ? `${data.value} · Redemption codes` : 'Redemption code');
  if (isPending) return <Loading label="Loading the code" />;
  if (error || !data) return <Alert severity="error">{errorMessage(error, 'The code was not found.')}</Alert>;
  const rows: [string, React.ReactNode][] = [
    ['Code', <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }} data-testid="code-value">{data.value}</Typography>],
    ['Version', data.valueVersion],
    ['Minutes', data.minuteQuantity],
    ['Created', format(data.createdAt)],
    ['Set', <Link component={RouterLink} to={`/admin/redemption_sets/${data.redemptionSet.id}`}>{data.redemptionSet.name}</Link>],
    ['Redeemed by', data.redeemedBy ? <Link component={RouterLink} to={`/admin/students/${data.redeemedBy.id}`}>{data.redeemedBy.displayName ?? data.redeemedBy.emailAddress}</Link> : 'Not redeemed'],
    ['Redeemed on', data.redeemedOn ? format(data.redeemedOn) : '—'],
  ];
  return (
    <>
      <Breadcrumbs sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/admin/redemption_codes">Redemption codes</Link>
        <Typography color="text.primary">{data.value}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" gutterBottom>
        Redemption code {data.value}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Table size="small">
            <TableBody>
              {rows.map(([k, v]) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: 200 }}>{k}</TableCell>
                  <TableCell>{v}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}
