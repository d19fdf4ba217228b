import { useQuery, useSubscription } from '@apollo/client';
import { graphql } from '../gql';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyUnauthorized } from '../components/snackbars';
import { useAnimatedNumber } from './useAnimatedNumber';
import { type Translate, useT } from '../i18n/useT';
import { FOLLOWS_NOTICES } from '../lib/apollo';

export const REMAINING_MINUTES = graphql(`
  query RemainingMinutes {
    me {
      id
      account {
        id
        remainingMinutes
      }
    }
  }
`);

const REMAINING_MINUTES_CHANGED = graphql(`
  subscription RemainingMinutesChanged($accountId: ID!) {
    remainingMinutesChanged(accountId: $accountId) {
      accountId
      remainingMinutes
    }
  }
`);

export const minutesLabel = (t: Translate, minutes: number | null) =>
  t('shell.minutes', { minutes: minutes === null ? '—' : String(minutes) });

/**
 * The header's balance: '— mins' until known, then 'N mins', animating changes (spec 1, section 4);
 * its accessible name is the visible text and ' remaining' ('60 mins remaining').
 */
export function RemainingMinutesButton() {
  const { data, refetch } = useQuery(REMAINING_MINUTES, { context: FOLLOWS_NOTICES });
  const accountId = data?.me?.account.id;
  // The token is still in the cookie but the server knows no user behind it.
  const rejected = data !== undefined && data.me === null;
  useEffect(() => {
    if (rejected) notifyUnauthorized();
  }, [rejected]);
  useSubscription(REMAINING_MINUTES_CHANGED, {
    variables: { accountId: accountId ?? '' },
    skip: !accountId,
    onData: () => void refetch(),
  });
  const shown = useAnimatedNumber(data?.me?.account.remainingMinutes ?? null);
  const t = useT();
  return (
    <Button
      component={RouterLink}
      to="/student/settings"
      state={{ panel: 'minutes' }}
      color="inherit"
      variant="outlined"
      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
    >
      {/* The visible words start the accessible name (WCAG 2.5.3 label in name): '60 mins remaining'. */}
      <span>{minutesLabel(t, shown)}</span>
      <span className="visually-hidden">{t(shown === null ? 'shell.minutes.unknown' : 'shell.minutes.remaining')}</span>
    </Button>
  );
}
