import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SchedulingMessages } from '../../../contracts/scheduling';
import {
  reservationMachine,
  type FlowError,
  type ReservationInput,
  type ReserveRequest,
  type SearchPage,
  type SearchRequest,
  type SpeakerSummary,
} from './reservationMachine';

const ana: SpeakerSummary = { id: 's1', displayName: 'Ana G.' };
const ben: SpeakerSummary = { id: 's2', displayName: 'Ben R.' };
const page = (speakers: SpeakerSummary[], over: Partial<SearchPage> = {}): SearchPage => ({
  speakers,
  totalCount: speakers.length,
  endCursor: speakers.length ? 'c1' : null,
  hasNextPage: false,
  ...over,
});
const opening = { startTimestamp: '2025-03-30T07:00:00.000Z', endTimestamp: '2025-03-30T07:15:00.000Z' };

function run(
  options: {
    search?: (r: SearchRequest) => Promise<SearchPage>;
    reserve?: (r: ReserveRequest) => Promise<{ conversationId: string }>;
    input?: ReservationInput;
  } = {},
) {
  const searches: SearchRequest[] = [];
  const reservations: ReserveRequest[] = [];
  const failures: FlowError[] = [];
  const actor = createActor(
    reservationMachine.provide({
      actors: {
        searchSpeakers: fromPromise(async ({ input }) => {
          searches.push(input);
          return (options.search ?? (async () => page([ana, ben])))(input);
        }),
        reserve: fromPromise(async ({ input }) => {
          reservations.push(input);
          return (options.reserve ?? (async () => ({ conversationId: 'conv1' })))(input);
        }),
      },
      actions: { searchFailed: (_, params) => void failures.push(params) },
    }),
    { input: options.input },
  );
  actor.start();
  return { actor, searches, reservations, failures };
}

const failure = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('reservationMachine', () => {
  it('chooses a course and lesson, searches, picks an opening, confirms and reserves', async () => {
    const { actor, searches, reservations } = run();
    assert.equal(actor.getSnapshot().value, 'choosing');
    actor.send({ type: 'NEXT' });
    assert.equal(actor.getSnapshot().value, 'choosing', 'nothing chosen yet');
    actor.send({ type: 'CHOOSE_COURSE', courseId: 'c1', duration: 30 });
    actor.send({ type: 'NEXT' });
    assert.equal(actor.getSnapshot().value, 'choosing', 'a lesson is needed with a course');
    actor.send({ type: 'SET_DURATION', duration: 15 });
    assert.equal(actor.getSnapshot().context.duration, 30, "the course's duration is kept");
    actor.send({ type: 'CHOOSE_LESSON', lessonId: 'l1' });
    actor.send({ type: 'NEXT' });
    // Entering the search searches at once, unfiltered.
    const results = await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    assert.deepEqual(searches[0], { courseId: 'c1', language: null, duration: 30, filterBySpeakers: [], filterByDates: [], after: null });
    assert.equal(results.context.hasSearched, true);
    assert.deepEqual(
      results.context.knownSpeakers.map((s) => s.id),
      ['s1', 's2'],
    );
    actor.send({ type: 'CHOOSE', speaker: ben, opening });
    assert.deepEqual(actor.getSnapshot().value, { confirming: 'idle' });
    actor.send({ type: 'RESERVE' });
    actor.send({ type: 'RESERVE' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    assert.equal(reservations.length, 1, 'a double click reserves once');
    assert.deepEqual(reservations[0], {
      courseId: 'c1',
      lessonId: 'l1',
      language: null,
      speakerId: 's2',
      reservedStart: opening.startTimestamp,
      duration: 30,
    });
    assert.equal(done.context.conversationId, 'conv1');
  });

  it('reserves in a language without a course, with the duration chosen', async () => {
    const { actor, searches, reservations } = run();
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'fr' });
    actor.send({ type: 'SET_DURATION', duration: 45 });
    assert.equal(actor.getSnapshot().context.duration, 15, 'only 15 or 30');
    actor.send({ type: 'SET_DURATION', duration: 30 });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    assert.deepEqual(searches[0], { courseId: null, language: 'fr', duration: 30, filterBySpeakers: [], filterByDates: [], after: null });
    actor.send({ type: 'CHOOSE', speaker: ana, opening });
    actor.send({ type: 'RESERVE' });
    await waitFor(actor, (s) => s.status === 'done');
    assert.deepEqual(reservations[0], {
      courseId: null,
      lessonId: null,
      language: 'fr',
      speakerId: 's1',
      reservedStart: opening.startTimestamp,
      duration: 30,
    });
  });

  it('starts searching when the route state carries a course and a lesson', async () => {
    const { actor, searches } = run({ input: { courseId: 'c9', lessonId: 'l9', duration: 15 } });
    await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    assert.equal(searches[0].courseId, 'c9');
    actor.send({ type: 'BACK' });
    assert.equal(actor.getSnapshot().value, 'choosing');
    assert.equal(actor.getSnapshot().context.lessonId, 'l9', 'the choice is kept when going back');
  });

  it('searches with the speaker and date filters, shows the empty result, and resets', async () => {
    const { actor, searches } = run({ search: async (r) => (r.filterByDates.length ? page([]) : page([ana, ben])) });
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'es' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    actor.send({ type: 'SET_SPEAKERS', speakerIds: ['s1'] });
    actor.send({ type: 'SET_DATES', dates: ['2025-03-31', '2025-03-30'] });
    actor.send({ type: 'SEARCH' });
    const empty = await waitFor(actor, (s) => s.matches({ searching: 'empty' }));
    assert.deepEqual(searches[1].filterBySpeakers, ['s1']);
    assert.deepEqual(searches[1].filterByDates, ['2025-03-30', '2025-03-31'], 'dates in order');
    assert.equal(empty.context.hasSearched, true);
    assert.deepEqual(
      empty.context.knownSpeakers.map((s) => s.id),
      ['s1', 's2'],
      'the filter keeps its options',
    );
    // Search again runs the same filters; reset clears them.
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (s) => s.matches({ searching: 'empty' }) && searches.length === 3);
    actor.send({ type: 'RESET' });
    const reset = await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    assert.deepEqual(searches[3].filterByDates, []);
    assert.deepEqual(reset.context.selectedSpeakers, []);
  });

  it('loads more results with the end cursor', async () => {
    const { actor, searches } = run({
      search: async (r) => (r.after ? page([ben], { endCursor: 'c2' }) : page([ana], { hasNextPage: true, totalCount: 2 })),
    });
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'es' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    actor.send({ type: 'MORE' });
    const more = await waitFor(actor, (s) => s.matches({ searching: 'results' }) && s.context.speakers.length === 2);
    assert.equal(searches[1].after, 'c1');
    assert.equal(more.context.hasNextPage, false);
    actor.send({ type: 'MORE' });
    assert.ok(actor.getSnapshot().matches({ searching: 'results' }), 'no more pages');
  });

  it('tells the page about a failed search, with its code (INVALID_TIMEZONE)', async () => {
    const { actor, failures } = run({
      search: async () => Promise.reject(failure(SchedulingMessages.invalidTimezone, 'INVALID_TIMEZONE')),
    });
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'es' });
    actor.send({ type: 'NEXT' });
    const failed = await waitFor(actor, (s) => s.matches({ searching: 'failed' }));
    assert.equal(failed.context.errorCode, 'INVALID_TIMEZONE');
    assert.deepEqual(failures, [{ message: SchedulingMessages.invalidTimezone, code: 'INVALID_TIMEZONE' }]);
  });

  it('keeps a reservation error inside the confirm step, and goes back to the results', async () => {
    let taken = true;
    const { actor, reservations } = run({
      reserve: async () => {
        if (taken) throw failure(SchedulingMessages.slotTaken, 'CONFLICT');
        return { conversationId: 'conv2' };
      },
    });
    actor.send({ type: 'CHOOSE_LANGUAGE', language: 'es' });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ searching: 'results' }));
    actor.send({ type: 'CHOOSE', speaker: ana, opening });
    actor.send({ type: 'RESERVE' });
    const failed = await waitFor(actor, (s) => s.matches({ confirming: 'idle' }) && !!s.context.error);
    assert.equal(failed.context.error, SchedulingMessages.slotTaken);
    actor.send({ type: 'BACK' });
    const back = actor.getSnapshot();
    assert.ok(back.matches({ searching: 'results' }));
    assert.equal(back.context.error, null);
    assert.deepEqual(
      back.context.speakers.map((s) => s.id),
      ['s1', 's2'],
      'the results are kept',
    );
    taken = false;
    actor.send({ type: 'CHOOSE', speaker: ben, opening });
    actor.send({ type: 'RESERVE' });
    await waitFor(actor, (s) => s.status === 'done');
    assert.equal(reservations.length, 2);
  });
});
