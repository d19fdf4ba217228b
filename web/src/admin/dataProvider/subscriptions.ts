/** Live updates the back-office listens to (spec 3, Administrator subscriptions). */
import { useSubscription } from '@apollo/client';
import { graphql } from '../../gql';

const REMAINING_MINUTES_CHANGED = graphql(`
  subscription AdminRemainingMinutesChanged($accountId: ID!) {
    remainingMinutesChanged(accountId: $accountId) {
      accountId
      remainingMinutes
    }
  }
`);

/** Calls `onChange` whenever the account's remaining minutes change (refetches the minutes). */
export function useRemainingMinutesChanged(accountId: string | undefined, onChange: (remainingMinutes: number) => void) {
  useSubscription(REMAINING_MINUTES_CHANGED, {
    variables: { accountId: accountId ?? '' },
    skip: !accountId,
    onData: ({ data }) => {
      const value = data.data?.remainingMinutesChanged?.remainingMinutes;
      if (typeof value === 'number') onChange(value);
    },
  });
}
