/** A person's mail: the notifications list, filtered to them. */
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { NotificationTable } from '../notifications/NotificationList';
import type { Person } from './person';

export function PersonNotifications({ person }: { person: Person }) {
  const t = useT();
  const fixedFilter = useMemo(() => [{ field: 'recipient.id', operator: 'is', value: person.id }], [person.id]);
  return (
    <section aria-labelledby="person-notifications-title">
      <Typography id="person-notifications-title" variant="h6" component="h2" gutterBottom>
        {t('admin.notifications.personTitle')}
      </Typography>
      <NotificationTable urlKey="notifications" fixedFilter={fixedFilter} hideRecipient />
    </section>
  );
}
