/** /speaker/availability (spec 3, Availability): the speaker's week calendar in their own zone. */
import { useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import Alert from '@mui/material/Alert';
import { AvailabilityCalendar } from '../../components/availability/AvailabilityCalendar';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';

export const SPEAKER_ZONE = graphql(`
  query SpeakerZone {
    me {
      id
      tzIdentifier
    }
  }
`);

export default function AvailabilityPage() {
  const { data, error, loading } = useQuery(SPEAKER_ZONE);
  return (
    <Page title="Availability">
      {loading && !data ? (
        <Loading label="Loading your availability" />
      ) : error || !data?.me ? (
        <Alert severity="error">{error ? errorMessage(error) : 'Sign in again to see your availability.'}</Alert>
      ) : (
        <AvailabilityCalendar speakerId={data.me.id} zoneName={data.me.tzIdentifier} />
      )}
    </Page>
  );
}
