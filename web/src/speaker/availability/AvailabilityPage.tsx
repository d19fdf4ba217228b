/** /speaker/availability (spec 3, Availability): the speaker's week calendar in their own zone. */
import { useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import Alert from '@mui/material/Alert';
import { AvailabilityCalendar } from '../../components/availability/AvailabilityCalendar';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { useT } from '../../i18n/useT';

export const SPEAKER_ZONE = graphql(`
  query SpeakerZone {
    me {
      id
      tzIdentifier
    }
  }
`);

export default function AvailabilityPage() {
  const t = useT();
  const { data, error, loading } = useQuery(SPEAKER_ZONE);
  return (
    <Page title={t('speaker.planner.availability')}>
      {loading && !data ? (
        <Loading label={t('speaker.availability.loading')} />
      ) : error || !data?.me ? (
        <Alert severity="error">{error ? errorMessage(error) : t('speaker.availability.signInAgain')}</Alert>
      ) : (
        <AvailabilityCalendar speakerId={data.me.id} zoneName={data.me.tzIdentifier} />
      )}
    </Page>
  );
}
