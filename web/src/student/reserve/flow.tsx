/** The reserve flow's machine with the page's calls given to it: search speakers, reserve. */
import type { ApolloClient } from '@apollo/client';
import Button from '@mui/material/Button';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { SchedulingMessages } from '../../../../contracts/scheduling';
import { notifyError, notifyWarning, DismissAction } from '../../components/snackbars';
import { translate } from '../../i18n/translate';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { reservationMachine, type FlowError, type ReservationInput } from '../../machines/reservationMachine';
import { AVAILABLE_SPEAKERS, CREATE_RESERVATION, type ReserveSetupData } from './operations';

/** Speaker search page size (spec 2, section 9). */
export const SPEAKER_PAGE_SIZE = 20;

const toFlowError = (error: unknown): FlowError => {
  const code = apiErrorsOf(error)[0]?.extensions?.code;
  return { message: errorMessage(error), code: typeof code === 'string' ? code : null };
};

/** INVALID_TIMEZONE: the spec's persistent snackbar with 'Fix Timezone' (the settings profile panel). */
function notifySearchFailed(error: FlowError, navigate: NavigateFunction) {
  if (error.code === 'INVALID_TIMEZONE') {
    notifyWarning(SchedulingMessages.invalidTimezone, {
      persist: true,
      action: (id) => (
        <>
          <Button
            size="small"
            sx={{ color: 'inherit', fontWeight: 700 }}
            onClick={() => navigate('/student/settings', { state: { panel: 'profile' } })}
          >
            {translate('student.reserve.fixTimezone')}
          </Button>
          <DismissAction id={id} />
        </>
      ),
    });
  } else {
    notifyError(error.message);
  }
}

export function useReservation(client: ApolloClient<object>, zone: string, input: ReservationInput) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the machine is made once per page visit
  const machine = useMemo(
    () =>
      reservationMachine.provide({
        actors: {
          searchSpeakers: fromPromise(async ({ input: r }) => {
            try {
              const { data } = await client.query({
                query: AVAILABLE_SPEAKERS,
                variables: {
                  first: SPEAKER_PAGE_SIZE,
                  after: r.after,
                  courseId: r.courseId,
                  language: r.language,
                  filterBySpeakers: r.filterBySpeakers.length ? r.filterBySpeakers : null,
                  filterByDates: r.filterByDates.length ? r.filterByDates : null,
                  zoneName: zone,
                  duration: r.duration,
                },
                fetchPolicy: 'network-only',
                context: { quiet: true },
              });
              const c = data.availableSpeakers;
              return {
                speakers: c.edges.map((e) => e.node),
                totalCount: c.totalCount,
                endCursor: c.pageInfo.endCursor,
                hasNextPage: c.pageInfo.hasNextPage,
              };
            } catch (error) {
              throw toFlowError(error);
            }
          }),
          reserve: fromPromise(async ({ input: r }) => {
            try {
              const { data } = await client.mutate({
                mutation: CREATE_RESERVATION,
                variables: { input: r },
                context: { quiet: true },
              });
              return { conversationId: data!.createReservation.conversation.id };
            } catch (error) {
              throw toFlowError(error);
            }
          }),
        },
        actions: { searchFailed: (_, error) => notifySearchFailed(error, navigate) },
      }),
    [],
  );
  return useMachine(machine, { input });
}

export type Me = NonNullable<ReserveSetupData['me']>;

export type Flow = ReturnType<typeof useReservation>;
export type FlowState = Flow[0];
export type FlowSend = Flow[1];
