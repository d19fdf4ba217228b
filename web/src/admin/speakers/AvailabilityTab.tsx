/**
 * /admin/speakers/:id/availability (spec 3, Administrator routes): the speaker's availability
 * calendar, the same one the speaker uses, in the speaker's zone; admins read and edit it.
 */
import { lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/useT';

/** FullCalendar loads only with this tab. */
const AvailabilityCalendar = lazy(() =>
  import('../../components/availability/AvailabilityCalendar').then((m) => ({ default: m.AvailabilityCalendar })),
);

export function AvailabilityTab({ person }: { person: { id: string; tzIdentifier: string | null } }) {
  const t = useT();
  return (
    <Suspense fallback={<Loading label={t('admin.speakers.loadingCalendar')} />}>
      <AvailabilityCalendar speakerId={person.id} zoneName={person.tzIdentifier} />
    </Suspense>
  );
}
