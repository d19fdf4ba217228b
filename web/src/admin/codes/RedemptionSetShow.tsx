/** /admin/redemption_sets/:id: the set, its codes (values without their version prefix) and a CSV download. */
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import type { AdminDataProvider } from '../dataProvider';
import { useAdminTime } from '../zone';
import { codesCsv, csvFileName, type CsvCode } from './csv';

interface SetRecord {
  id: string;
  name: string;
  fillLimit: number;
  duration: number;
  quantity: number;
  minuteQuantity: number;
  createdAt: string;
  lastFilledOn: string | null;
  createdBy: { id: string; emailAddress: string | null } | null;
  codes: (CsvCode & { id: string })[];
}

function download(set: SetRecord) {
  const blob = new Blob([codesCsv(set.codes)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(set.name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RedemptionSetShow() {
  const t = useT();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const format = useAdminTime();
  const [set, setSet] = useState<SetRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    dataProvider
      .redemptionSet(id)
      .then((s: SetRecord | null) => (s ? setSet(s) : setMissing(true)))
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [dataProvider, id]);
  if (error || missing) return <Alert severity="error">{error ?? t('admin.codes.setNotFound')}</Alert>;
  if (!set) return <Loading label={t('admin.codes.setLoading')} />;
  const redeemed = set.codes.filter((c) => c.redeemedOn).length;
  return (
    <Page title={set.name}>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography>
            {t('admin.codes.setSummary', {
              count: set.fillLimit,
              quantity: set.quantity,
              duration: set.duration,
              minutes: set.minuteQuantity,
              redeemed,
            })}
          </Typography>
          <Typography color="text.secondary">
            {set.createdBy?.emailAddress
              ? t('admin.codes.setCreatedBy', {
                  when: format(set.createdAt),
                  who: set.createdBy.emailAddress,
                  filled: format(set.lastFilledOn),
                })
              : t('admin.codes.setCreatedOn', { when: format(set.createdAt), filled: format(set.lastFilledOn) })}
          </Typography>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => download(set)}>
          {t('admin.codes.downloadCsv')}
        </Button>
        <Button component={RouterLink} to="/admin/redemption_codes">
          {t('admin.codes.allCodes')}
        </Button>
      </Stack>
      <Table size="small" aria-label={t('admin.codes.codes')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.codes.code')}</TableCell>
            <TableCell>{t('admin.codes.minutes')}</TableCell>
            <TableCell>{t('admin.codes.redeemedBy')}</TableCell>
            <TableCell>{t('admin.codes.redeemedOn')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {set.codes.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <Link component={RouterLink} to={`/admin/redemption_codes/${c.id}`}>
                  {c.value}
                </Link>
              </TableCell>
              <TableCell>{c.minuteQuantity}</TableCell>
              <TableCell>{c.redeemedBy?.emailAddress ?? '—'}</TableCell>
              <TableCell>{c.redeemedOn ? format(c.redeemedOn) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Page>
  );
}
