import { assign, fromPromise, setup } from 'xstate';
import { DURATIONS } from '../../../contracts/scheduling';

/**
 * Reserving a conversation (spec 2, Reservation and the reserve flow):
 *
 *   choosing → searching (loading ⇄ results | empty | failed) → confirming (idle ⇄ reserving) → reserved
 *
 * choosing: a course and one of its lessons, or a language when there is no course (and a
 * duration). Route state may carry courseId and lessonId: with both the flow starts searching.
 * searching: the speaker and date filters; entering it searches at once (no filters), so the
 * speaker filter knows the speakers who have openings; SEARCH runs the filters (hasSearched),
 * RESET clears them and searches again, MORE loads the next page. CHOOSE picks an opening of a
 * result and goes to confirming, which shows what will be reserved and keeps a reservation error
 * in the step (spec 2, section 4). BACK goes one step back. The page provides the actors
 * (`searchSpeakers`, `reserve`) and the action telling the student about a failed search
 * (`searchFailed`: INVALID_TIMEZONE's persistent snackbar, else the message).
 */
/** A search result's speaker; the page keeps the whole profile it asked for. */
export interface SpeakerSummary {
  id: string;
  displayName: string | null;
}

export interface OpeningChoice {
  startTimestamp: string;
  endTimestamp: string;
}

export interface SearchRequest {
  courseId: string | null;
  language: string | null;
  duration: number;
  filterBySpeakers: string[];
  filterByDates: string[];
  after: string | null;
}

export interface SearchPage {
  speakers: SpeakerSummary[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface ReserveRequest {
  courseId: string | null;
  lessonId: string | null;
  language: string | null;
  speakerId: string;
  reservedStart: string;
  duration: number;
}

/** An error as the page's actors throw it: the server's message and its code. */
export interface FlowError {
  message: string;
  code?: string | null;
}

export interface ReservationContext {
  courseId: string | null;
  lessonId: string | null;
  language: string | null;
  duration: number;
  selectedSpeakers: string[];
  selectedDates: string[];
  /** The dates of the search that answered (the results show openings on these days only; all when empty). */
  searchedDates: string[];
  /** A search has answered (the empty messages need it). */
  hasSearched: boolean;
  speakers: SpeakerSummary[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  /** Every speaker seen in results: the speaker filter's options. */
  knownSpeakers: SpeakerSummary[];
  speaker: SpeakerSummary | null;
  opening: OpeningChoice | null;
  error: string | null;
  errorCode: string | null;
  conversationId: string | null;
}

export type ReservationEvent =
  | { type: 'CHOOSE_COURSE'; courseId: string; duration: number }
  | { type: 'CHOOSE_LESSON'; lessonId: string }
  | { type: 'CHOOSE_LANGUAGE'; language: string }
  | { type: 'SET_DURATION'; duration: number }
  | { type: 'NEXT' }
  | { type: 'SET_SPEAKERS'; speakerIds: string[] }
  | { type: 'SET_DATES'; dates: string[] }
  | { type: 'SEARCH' }
  | { type: 'RESET' }
  | { type: 'MORE' }
  | { type: 'CHOOSE'; speaker: SpeakerSummary; opening: OpeningChoice }
  | { type: 'RESERVE' }
  | { type: 'BACK' };

export interface ReservationInput {
  courseId?: string | null;
  lessonId?: string | null;
  language?: string | null;
  duration?: number | null;
}

export const DEFAULT_DURATION: number = DURATIONS[0];

const toFlowError = (error: unknown): FlowError => {
  if (error && typeof error === 'object' && 'message' in error) {
    return { message: String((error as FlowError).message), code: (error as FlowError).code ?? null };
  }
  return { message: String(error) };
};

const isDuration = (d: unknown): d is number => (DURATIONS as readonly number[]).includes(d as number);

const initialContext = (input: ReservationInput = {}): ReservationContext => ({
  courseId: input.courseId ?? null,
  lessonId: input.courseId ? (input.lessonId ?? null) : null,
  language: input.courseId ? null : (input.language ?? null),
  duration: isDuration(input.duration) ? input.duration : DEFAULT_DURATION,
  selectedSpeakers: [],
  selectedDates: [],
  searchedDates: [],
  hasSearched: false,
  speakers: [],
  totalCount: 0,
  endCursor: null,
  hasNextPage: false,
  knownSpeakers: [],
  speaker: null,
  opening: null,
  error: null,
  errorCode: null,
  conversationId: null,
});

/** Ready to search: a course and a lesson, or a language without a course. */
export const isChosen = (c: Pick<ReservationContext, 'courseId' | 'lessonId' | 'language'>) => (c.courseId ? !!c.lessonId : !!c.language);

const searchRequest = (c: ReservationContext, after: string | null = null): SearchRequest => ({
  courseId: c.courseId,
  language: c.courseId ? null : c.language,
  duration: c.duration,
  filterBySpeakers: c.selectedSpeakers,
  filterByDates: c.selectedDates,
  after,
});

const mergeKnown = (known: SpeakerSummary[], more: SpeakerSummary[]) => [
  ...known,
  ...more.filter((s) => !known.some((k) => k.id === s.id)),
];

export const reservationMachine = setup({
  types: {
    context: {} as ReservationContext,
    events: {} as ReservationEvent,
    input: {} as ReservationInput | undefined,
  },
  actors: {
    searchSpeakers: fromPromise<SearchPage, SearchRequest>(async () => {
      throw new Error('searchSpeakers is provided by the page');
    }),
    reserve: fromPromise<{ conversationId: string }, ReserveRequest>(async () => {
      throw new Error('reserve is provided by the page');
    }),
  },
  guards: {
    chosen: ({ context }) => isChosen(context),
    validDuration: ({ event }) => event.type === 'SET_DURATION' && isDuration(event.duration),
  },
  actions: {
    /** Tells the student about a failed search (the page provides it). */
    searchFailed: (_, _params: FlowError) => {},
    keepError: assign(({ event }) => {
      const e = toFlowError((event as unknown as { error: unknown }).error);
      return { error: e.message, errorCode: e.code ?? null };
    }),
    clearError: assign({ error: null, errorCode: null }),
    /** Each visit from choosing starts from a fresh, unfiltered search. */
    freshSearch: assign({
      selectedSpeakers: [],
      selectedDates: [],
      searchedDates: [],
      hasSearched: false,
      speakers: [],
      knownSpeakers: [],
      totalCount: 0,
      endCursor: null,
      hasNextPage: false,
      speaker: null,
      opening: null,
    }),
  },
}).createMachine({
  id: 'reservation',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'chosen', target: 'searching', actions: 'freshSearch' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        CHOOSE_COURSE: {
          actions: assign(({ event }) => ({
            courseId: event.courseId,
            lessonId: null,
            language: null,
            duration: isDuration(event.duration) ? event.duration : DEFAULT_DURATION,
          })),
        },
        CHOOSE_LESSON: { guard: ({ context }) => !!context.courseId, actions: assign(({ event }) => ({ lessonId: event.lessonId })) },
        CHOOSE_LANGUAGE: { actions: assign(({ event }) => ({ language: event.language, courseId: null, lessonId: null })) },
        // The duration is the course's; without a course the student picks 15 or 30 minutes.
        SET_DURATION: {
          guard: ({ context, event }) => !context.courseId && isDuration(event.duration),
          actions: assign(({ event }) => ({ duration: event.duration })),
        },
        NEXT: { guard: 'chosen', target: 'searching', actions: 'freshSearch' },
      },
    },
    searching: {
      initial: 'loading',
      on: {
        SET_SPEAKERS: { actions: assign(({ event }) => ({ selectedSpeakers: event.speakerIds })) },
        SET_DATES: { actions: assign(({ event }) => ({ selectedDates: [...event.dates].sort() })) },
        SEARCH: '.loading',
        RESET: { target: '.loading', actions: assign({ selectedSpeakers: [], selectedDates: [] }) },
        BACK: { target: 'choosing', actions: 'clearError' },
      },
      states: {
        loading: {
          entry: 'clearError',
          invoke: {
            src: 'searchSpeakers',
            input: ({ context }) => searchRequest(context),
            onDone: [
              {
                guard: ({ event }) => event.output.speakers.length === 0,
                target: 'empty',
                actions: assign(({ context, event }) => ({
                  hasSearched: true,
                  searchedDates: context.selectedDates,
                  speakers: [],
                  totalCount: event.output.totalCount,
                  endCursor: null,
                  hasNextPage: false,
                })),
              },
              {
                target: 'results',
                actions: assign(({ context, event }) => ({
                  hasSearched: true,
                  searchedDates: context.selectedDates,
                  speakers: event.output.speakers,
                  totalCount: event.output.totalCount,
                  endCursor: event.output.endCursor,
                  hasNextPage: event.output.hasNextPage,
                  knownSpeakers: mergeKnown(context.knownSpeakers, event.output.speakers),
                })),
              },
            ],
            onError: {
              target: 'failed',
              actions: ['keepError', { type: 'searchFailed', params: ({ event }) => toFlowError(event.error) }],
            },
          },
        },
        results: {
          on: {
            MORE: { guard: ({ context }) => context.hasNextPage, target: 'loadingMore' },
            CHOOSE: {
              target: '#reservation.confirming',
              actions: assign(({ event }) => ({ speaker: event.speaker, opening: event.opening })),
            },
          },
        },
        loadingMore: {
          invoke: {
            src: 'searchSpeakers',
            input: ({ context }) => searchRequest(context, context.endCursor),
            onDone: {
              target: 'results',
              actions: assign(({ context, event }) => ({
                speakers: mergeKnown(context.speakers, event.output.speakers),
                endCursor: event.output.endCursor,
                hasNextPage: event.output.hasNextPage,
                knownSpeakers: mergeKnown(context.knownSpeakers, event.output.speakers),
              })),
            },
            onError: {
              target: 'results',
              actions: ['keepError', { type: 'searchFailed', params: ({ event }) => toFlowError(event.error) }],
            },
          },
        },
        empty: {},
        failed: {},
      },
    },
    confirming: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RESERVE: 'reserving',
            // Back to the results as they were, to choose another time.
            BACK: { target: '#reservation.searching.results', actions: ['clearError', assign({ speaker: null, opening: null })] },
          },
        },
        // A second RESERVE (a double click) is ignored here.
        reserving: {
          entry: 'clearError',
          invoke: {
            src: 'reserve',
            input: ({ context }) => ({
              courseId: context.courseId,
              lessonId: context.courseId ? context.lessonId : null,
              language: context.courseId ? null : context.language,
              speakerId: context.speaker!.id,
              reservedStart: context.opening!.startTimestamp,
              duration: context.duration,
            }),
            onDone: { target: '#reservation.reserved', actions: assign(({ event }) => ({ conversationId: event.output.conversationId })) },
            // The error is shown inside the confirm step (spec 2, section 4).
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },
    reserved: { type: 'final' },
  },
});
