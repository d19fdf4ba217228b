/**
 * /admin/notifications/:id: recipient, sender, subject, transport, template key and values, created
 * time, the link to the mail's public page ('View in browser', /mail/<publicToken>, the page the
 * recipient's 'View this mail in your browser' opens), the event timeline, and a preview of the
 * message as stored (links carrying secrets were never stored and show as [redacted]).
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ExternalLink } from '../../components/ExternalLink';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { usePageTitle } from '../../shell/usePageTitle';
import { Detail } from '../people/SecurityTab';
import { useAdminTime } from '../zone';
import { EventChip, transportLabel } from './NotificationList';

interface NotificationRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  fromAddress: string;
  subject: string;
  transportType: string;
  templateKey: string;
  latestEventType: string;
  /** The mail's public page is /mail/<publicToken> (anyone holding the mail can open it). */
  publicToken: string;
  recipient: { id: string | null; emailAddress: string; roles?: string[] };
  templateValue: { key: string; value: string }[];
  events: { eventType: string; updatedAt: string; details: string | null }[];
  preview: { subject: string; text: string; html: string };
}

/** The people list a recipient belongs to, by role (speakers, then instructors, else students). */
function peopleResourceFor(roles: readonly string[]): 'speakers' | 'instructors' | 'students' {
  if (roles.some((r) => r.includes('SPEAKER'))) return 'speakers';
  if (roles.some((r) => r.includes('INSTRUCTOR'))) return 'instructors';
  return 'students';
}

export function NotificationShow() {
  const t = useT();
  const { id = '' } = useParams();
  const format = useAdminTime();
  const { data, error, isPending } = useGetOne<NotificationRecord>('notifications', { id }, {
    // Until it is sent or has failed for good, the timeline moves on its own.
    refetchInterval: (query: any) => (query.state.data?.latestEventType === 'NotificationQueued' ? 3000 : false),
  } as any);
  usePageTitle(data ? t('admin.notification.pageTitle', { subject: data.subject }) : t('admin.notification.one'));
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.notification.what')}
      list={{ path: '/admin/notifications', label: t('admin.notifications.title') }}
      crumb={(n) => n.subject}
      title={(n) => n.subject}
    >
      {(data) => (
        <>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="notification-details" title={t('admin.notification.details')} fullHeight>
                <dl>
                  <Detail term={t('admin.notifications.recipient')}>
                    {data.recipient.id ? (
                      <Link
                        component={RouterLink}
                        to={`/admin/${peopleResourceFor(data.recipient.roles ?? [])}/${encodeURIComponent(data.recipient.id)}`}
                      >
                        {data.recipient.emailAddress}
                      </Link>
                    ) : (
                      data.recipient.emailAddress
                    )}
                  </Detail>
                  <Detail term={t('admin.notifications.from')}>{data.fromAddress}</Detail>
                  <Detail term={t('admin.notifications.subject')}>{data.subject}</Detail>
                  <Detail term={t('admin.notifications.transportColumn')}>{transportLabel(data.transportType, t)}</Detail>
                  <Detail term={t('admin.notifications.template')}>{data.templateKey}</Detail>
                  <Detail term={t('admin.notifications.created')}>{format(data.createdAt)}</Detail>
                  <Detail term={t('admin.notifications.latestEvent')}>
                    <EventChip type={data.latestEventType} />
                  </Detail>
                  <Detail term={t('admin.notification.publicPage')}>
                    <ExternalLink href={`/mail/${encodeURIComponent(data.publicToken)}`}>
                      {t('admin.notification.viewInBrowser')}
                    </ExternalLink>
                  </Detail>
                </dl>
              </ShowSection>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="notification-values" title={t('admin.notification.values')} fullHeight>
                <Table size="small" aria-labelledby="notification-values">
                  <TableBody>
                    {data.templateValue.map((v) => (
                      <TableRow key={v.key}>
                        <TableCell component="th" scope="row">
                          {v.key}
                        </TableCell>
                        <TableCell>{v.value}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ShowSection>
            </Grid>
            <Grid size={12}>
              <ShowSection id="notification-timeline" title={t('admin.notification.timeline')}>
                <Table size="small" aria-labelledby="notification-timeline">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('admin.notification.time')}</TableCell>
                      <TableCell>{t('admin.notification.event')}</TableCell>
                      <TableCell>{t('admin.notification.eventDetails')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.events.map((e, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the notification's events in log order, never reordered or removed; alike ones may share a time
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{format(e.updatedAt)}</TableCell>
                        <TableCell>
                          <EventChip type={e.eventType} />
                        </TableCell>
                        <TableCell>{e.details ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ShowSection>
            </Grid>
            <Grid size={12}>
              <ShowSection id="notification-preview" title={t('admin.notification.preview')}>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('admin.notification.previewNote')}
                </Typography>
                {/* A message without an HTML part (plain text only) shows no empty frame above its text. */}
                {data.preview.html.trim() && (
                  <Box
                    component="iframe"
                    title={t('admin.notification.previewFrame')}
                    sandbox=""
                    srcDoc={data.preview.html}
                    sx={{ width: '100%', minHeight: 240, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', mb: 2 }}
                  />
                )}
                {data.preview.text.trim() && (
                  <Typography
                    component="pre"
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', m: 0, p: 2, bgcolor: 'grey.100', borderRadius: 1 }}
                    aria-label={t('admin.notification.plainText')}
                  >
                    {data.preview.text}
                  </Typography>
                )}
              </ShowSection>
            </Grid>
          </Grid>
        </>
      )}
    </ShowFrame>
  );
}
