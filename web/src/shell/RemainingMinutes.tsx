import { gql, useQuery, useSubscription } from '@apollo/client';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useAnimatedNumber } from './useAnimatedNumber';

export const REMAINING_MINUTES = gql`
  query RemainingMinutes {
    me {
      id
      account {
        id
        remainingMinutes
      }
    }
  }
`;

const REMAINING_MINUTES_CHANGED = gql`
  subscription RemainingMinutesChanged($accountId: ID!) {
    remainingMinutesChanged(accountId: $accountId) {
      accountId
      remainingMinutes
    }
  }
`;

interface RemainingMinutesData {
  me: { id: string; account: { id: string; remainingMinutes: number } } | null;
}

export const minutesLabel = (minutes: number | null) => `${minutes ?? '—'} mins`;

/** The header's balance: '— mins' until known, then 'N mins', animating changes (spec 1, section 4). */
export function RemainingMinutesButton() {
  const { data, refetch } = useQuery<RemainingMinutesData>(REMAINING_MINUTES);
  const accountId = data?.me?.account.id;
  useSubscription(REMAINING_MINUTES_CHANGED, {
    variables: { accountId },
    skip: !accountId,
    onData: () => void refetch(),
  });
  const shown = useAnimatedNumber(data?.me?.account.remainingMinutes ?? null);
  return (
    <Button
      component={RouterLink}
      to="/student/settings"
      state={{ panel: 'minutes' }}
      color="inherit"
      variant="outlined"
      aria-label={shown === null ? 'Remaining minutes not known yet' : `${shown} remaining minutes`}
    >
      {minutesLabel(shown)}
    </Button>
  );
}
