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
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConversationStatus } from '../conversations/status';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { adminCalls } from '../adminCalls';
import { useAdminTime } from '../zone';

export const EMPTY_DASHBOARD = 'No conversations are reserved for today or tomorrow.';

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
  const items = [
    { label: 'Conversations today', value: figures.conversationsToday },
    { label: 'Conversations tomorrow', value: figures.conversationsTomorrow },
    { label: 'Minutes sold this week', value: figures.minutesSoldThisWeek },
    { label: 'Speakers available now', value: figures.speakersAvailableNow },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0, mb: 3 }}
      aria-label="Key figures"
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.paper' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {item.value.toLocaleString()}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function Dashboard() {
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

  const day = (iso: string, zone: string) => DateTime.fromISO(iso).setZone(zone).toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY);
  return (
    <Page title="Dashboard">
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Loading label="Loading the dashboard" />}
      {data && <Figures figures={data.figures} />}
      {data && (
        <Card variant="outlined" component="section" aria-labelledby="reserved-title">
          <CardContent>
            <Typography id="reserved-title" variant="h6" component="h2">
              Reserved conversations
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Today and tomorrow: {day(data.rangeStart, data.timeZone)} to {day(data.rangeEnd, data.timeZone)} ({data.timeZone})
            </Typography>
            {data.reservedConversations.length === 0 ? (
              <Box sx={{ textAlign: 'center', py: 6 }} data-testid="dashboard-empty">
                <EventAvailableIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
                <Typography variant="subtitle1" sx={{ mt: 1 }}>
                  {EMPTY_DASHBOARD}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Conversations students reserve for these two days will appear here, the latest start first.
                </Typography>
              </Box>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="reserved-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>Starts</TableCell>
                      <TableCell>Duration</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Student</TableCell>
                      <TableCell>Speaker</TableCell>
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
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.duration} min</TableCell>
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
