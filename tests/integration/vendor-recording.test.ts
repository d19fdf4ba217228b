/**
 * Vendor cloud recordings (issue 10): a recorded lesson held on Zoom asks Zoom to start recording
 * once both are in the room, and to finish once it stopped, through the `video-recording` job
 * queue (so a vendor slow to list the session is asked again and a restart loses nothing). The
 * vendor's API is not reachable here: the provider calls themselves are unit-tested against
 * stand-ins (services/integrations/video/video.test.ts); this checks what the product queues.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { enrollAsAdmin } from '../support/conversations';
import { createCourseAsSystem, createInstructor, createPlans } from '../support/enrollment';
import { eventually } from '../support/eventually';
import { reserveOpenableNow } from '../support/live';
import { createSpeaker, createStudent } from '../support/scheduling';

const LESSONS = `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`;
const OPEN = `mutation($id: ID!) { moderateConversation(input: { conversationId: $id, open: true }) { opened } }`;
const SYNC = `mutation($id: ID!) { syncParticipant(input: { conversationId: $id }) { status } }`;

describe('vendor cloud recordings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      {
        // A 15-minute conversation lasts 15 seconds here.
        conversationSecondsPerMinute: 1,
        videoProvider: 'zoom',
        video: {
          zoom: { sdkKey: 'zoom-sdk-key', sdkSecret: 'zoom-sdk-secret', apiKey: 'zoom-api-key', apiSecret: 'zoom-api-secret' },
          twilio: null,
        },
      },
      'vendor-recording',
    );
  });
  afterAll(async () => app?.close());

  const recordingJobs = async (conversationId: string) => {
    const { rows } = await app.runtime.pool.query(
      `SELECT data FROM pgboss.job WHERE name = 'video-recording' AND data->>'conversationId' = $1`,
      [conversationId],
    );
    return rows.map((r) => r.data.step as string).sort();
  };

  async function hold(conversationId: string, speaker: { token: string }, student: { token: string }) {
    assert.equal((await app.gql(OPEN, { id: conversationId }, speaker.token)).data?.moderateConversation.opened, true);
    await app.gql(SYNC, { id: conversationId }, speaker.token);
    const synced = await app.gql(SYNC, { id: conversationId }, student.token);
    assert.equal(synced.data?.syncParticipant.status, 'started', JSON.stringify(synced));
  }

  it('a recorded lesson on Zoom queues the start when it begins and the finish when it stops; an unrecorded conversation queues nothing', async () => {
    const plans = await createPlans(app);
    const instructor = await createInstructor(app);
    const course = await createCourseAsSystem(app, { name: 'Zoom course', pricingPlanId: plans.standard, ownerId: instructor.accountId });
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 0);
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    const lessonId = (await app.gql(LESSONS, { id: course.courseId }, student.token)).data.course.lessonAssignments[0].lesson.id;
    const { conversationId: lesson } = await reserveOpenableNow(app, speaker, student, 15, { courseId: course.courseId, lessonId });

    await hold(lesson, speaker, student);
    assert.deepEqual(
      await eventually(async () => ((await recordingJobs(lesson)).length === 1 ? recordingJobs(lesson) : null), 'the start is queued'),
      ['start'],
    );
    assert.deepEqual(
      await eventually(
        async () => ((await recordingJobs(lesson)).length === 2 ? recordingJobs(lesson) : null),
        'the finish is queued',
        60_000,
      ),
      ['finish', 'start'],
    );

    const other = await createSpeaker(app);
    const outsider = await createStudent(app, 60);
    const { conversationId: free } = await reserveOpenableNow(app, other, outsider);
    await hold(free, other, outsider);
    // The start's job is queued before the command that started the conversation answers (after its commit).
    assert.deepEqual(await recordingJobs(free), []);
  });
});
