/**
 * /admin/{students,instructors,speakers}/:id and its sub-routes (profile, roles, minutes,
 * notifications, security, history). The header shows the person's address, roles and remaining
 * minutes, updated live when the minutes change anywhere.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../shell/usePageTitle';
import { useRemainingMinutesChanged } from '../dataProvider/subscriptions';
import { RoleChips } from '../list/fields';
import { useAdminTime } from '../zone';
import { EnrollTab } from '../enrollment/EnrollTab';
import { AvailabilityTab } from '../speakers/AvailabilityTab';
import { SpeakingTab } from '../speakers/SpeakingTab';
import { HistoryTab } from './HistoryTab';
import { MinutesTab } from './MinutesTab';
import { PersonNotifications } from './PersonNotifications';
import { ProfileTab } from './ProfileTab';
import { RolesEditor } from './RolesEditor';
import { SecurityTab } from './SecurityTab';
import { TestCallButton } from './TestCallButton';
import { personPath, type PeopleKind, type PersonTab } from './kinds';
import type { Person } from './person';

const TAB_LABELS: Record<PersonTab, MessageId> = {
  profile: 'admin.people.tab.profile',
  roles: 'admin.people.tab.roles',
  minutes: 'admin.people.tab.minutes',
  enroll: 'admin.people.tab.enroll',
  availability: 'admin.people.tab.availability',
  speaking: 'admin.people.tab.speaking',
  notifications: 'admin.people.tab.notifications',
  security: 'admin.people.tab.security',
  history: 'admin.people.tab.history',
};

export function PersonDetail({ kind }: { kind: PeopleKind }) {
  const t = useT();
  const { id = '' } = useParams();
  const location = useLocation();
  const format = useAdminTime();
  const { data: person, error, isPending, refetch } = useGetOne<Person>(kind.resource, { id });
  useRemainingMinutesChanged(id, () => void refetch());
  const title = t(kind.title);
  usePageTitle(person ? `${person.displayName ?? person.emailAddress} · ${title}` : title);
  const which = { resource: kind.resource };

  if (isPending) return <Loading label={t('admin.people.loading', which)} />;
  if (error || !person) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">{error ? errorMessage(error) : t('admin.people.notFound', which)}</Alert>
      </Box>
    );
  }
  const base = personPath(kind.resource, person.id);
  const tail = location.pathname.slice(base.length).replace(/^\//, '').split('/')[0] as PersonTab | '';
  const current: PersonTab = (kind.tabs as readonly string[]).includes(tail) ? (tail as PersonTab) : 'profile';
  const onChanged = () => void refetch();

  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1200 }}>
      <Breadcrumbs aria-label={t('admin.show.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={`/admin/${kind.resource}`}>
          {title}
        </Link>
        <Typography color="text.primary">{person.emailAddress}</Typography>
      </Breadcrumbs>
      <Box component="header" aria-label={t('admin.people.header', which)} sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-all' }}>
          {person.displayName ?? person.emailAddress}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          <RoleChips roles={person.account.roles} />
          <Typography data-testid="person-minutes" aria-live="polite">
            {t('admin.people.minutesRemaining', { minutes: person.account.remainingMinutes })}
          </Typography>
          <Typography color="text.secondary">{t('admin.people.created', { when: format(person.createdAt) })}</Typography>
          <TestCallButton userId={person.id} name={person.displayName ?? person.emailAddress} />
        </Stack>
      </Box>
      <Tabs
        value={current}
        aria-label={t('admin.people.sections', which)}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {kind.tabs.map((tab) => (
          <Tab key={tab} value={tab} label={t(TAB_LABELS[tab])} component={RouterLink} to={personPath(kind.resource, person.id, tab)} />
        ))}
      </Tabs>
      <Routes>
        <Route index element={<ProfileTab person={person} onChanged={onChanged} />} />
        <Route path="roles" element={<RolesEditor accountId={person.id} roles={person.account.roles} onChanged={onChanged} />} />
        {kind.tabs.includes('minutes') && <Route path="minutes" element={<MinutesTab person={person} onChanged={onChanged} />} />}
        {kind.tabs.includes('enroll') && <Route path="enroll" element={<EnrollTab person={person} onChanged={onChanged} />} />}
        {kind.tabs.includes('availability') && <Route path="availability" element={<AvailabilityTab person={person} />} />}
        {kind.tabs.includes('speaking') && <Route path="speaking" element={<SpeakingTab person={person} />} />}
        <Route path="notifications" element={<PersonNotifications person={person} />} />
        <Route path="security" element={<SecurityTab person={person} onChanged={onChanged} />} />
        <Route path="history" element={<HistoryTab person={person} />} />
        <Route path="*" element={<Navigate to={base} replace />} />
      </Routes>
    </Box>
  );
}
