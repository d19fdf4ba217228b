/**
 * /admin/dashboard: reserved conversations from the start of today to the end of tomorrow in the
 * admin's time zone, newest reserved start first. Empty until reservations exist.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConversationStatus } from '../conversations/status';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatWeekdayDate, formattingLocale } from '../../lib/time';
import { adminCalls } from '../adminCalls';
import { useAdminTime } from '../zone';

interface DashboardData {
  rangeStart: string;
  rangeEnd: string;
  timeZone: string;
  reservedConversations: {
    id: string;
    reservedStart: string;
    duration: number;
    status: string;
    reservedBy: string | null;
    reservedWith: string | null;
  }[];
  figures: { conversationsToday: number; conversationsTomorrow: number; minutesSoldThisWeek: number; speakersAvailableNow: number };
}

function Figures({ figures }: { figures: DashboardData['figures'] }) {
  const t = useT();
  const items = [
    { label: t('admin.dashboard.conversationsToday'), value: figures.conversationsToday },
    { label: t('admin.dashboard.conversationsTomorrow'), value: figures.conversationsTomorrow },
    { label: t('admin.dashboard.minutesSold'), value: figures.minutesSoldThisWeek },
    { label: t('admin.dashboard.speakersAvailable'), value: figures.speakersAvailableNow },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0, mb: 3 }}
      aria-label={t('admin.dashboard.keyFigures')}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.paper' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {item.value.toLocaleString(formattingLocale())}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function Dashboard() {
  const t = useT();
  const format = useAdminTime();
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      adminCalls
        .adminDashboard()
        .then((d: DashboardData) => {
          if (!current) return;
          setData(d);
          setError(null);
        })
        .catch((e: unknown) => current && setError(errorMessage(e)));
    void load();
    const timer = setInterval(load, 60_000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <Page title={t('admin.dashboard.title')}>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Loading label={t('admin.dashboard.loading')} />}
      {data && <Figures figures={data.figures} />}
      {data && (
        <Card variant="outlined" component="section" aria-labelledby="reserved-title">
          <CardContent>
            <Typography id="reserved-title" variant="h6" component="h2">
              {t('admin.dashboard.reserved')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('admin.dashboard.range', {
                from: formatWeekdayDate(data.rangeStart, data.timeZone),
                to: formatWeekdayDate(data.rangeEnd, data.timeZone),
                zone: data.timeZone,
              })}
            </Typography>
            {data.reservedConversations.length === 0 ? (
              <Box sx={{ textAlign: 'center', py: 6 }} data-testid="dashboard-empty">
                <EventAvailableIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
                <Typography variant="subtitle1" sx={{ mt: 1 }}>
                  {t('admin.dashboard.empty')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('admin.dashboard.emptyHelp')}
                </Typography>
              </Box>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="reserved-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('admin.dashboard.starts')}</TableCell>
                      <TableCell>{t('admin.dashboard.duration')}</TableCell>
                      <TableCell>{t('admin.dashboard.status')}</TableCell>
                      <TableCell>{t('admin.dashboard.student')}</TableCell>
                      <TableCell>{t('admin.dashboard.speaker')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.reservedConversations.map((c) => (
                      <TableRow key={c.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <Link component={RouterLink} to={`/admin/conversations/${encodeURIComponent(c.id)}`}>
                            {format(c.reservedStart)}
                          </Link>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('admin.dashboard.durationValue', { minutes: c.duration })}</TableCell>
                        <TableCell>
                          <ConversationStatus status={c.status} />
                        </TableCell>
                        <TableCell>{c.reservedBy ?? '—'}</TableCell>
                        <TableCell>{c.reservedWith ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
