/**
 * The speaker's notes (issue 35) through the API: written by the conversation's speaker, read by its
 * student, its course's instructor and admins and by nobody else; edits kept; the 48-hour window;
 * one mail to the student for the first notes; the student's notes across conversations. And what
 * else a conversation leaves behind in the same world (a course, its instructor, a lesson): each
 * participant's speaking time, reported through the clock call, and the student's progress page's
 * numbers (myProgress).
 */
import assert from 'node:assert/strict';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { NotesMessages } from '../../contracts/learningNotes';
import { SpeakingTimeMessages } from '../../contracts/speakingTime';
import { findConversation, type ConversationRow } from '../../projections/conversations';
import type { ApiContext } from '../../services/api/context';
import { notesResolvers } from '../../services/api/resolvers/notes';
import { speakingTimeResolvers } from '../../services/api/resolvers/speakingTime';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, mailSettled, signIn, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';
import { enrollAsAdmin, live, reserveConversation, writeNotesAndSpeakingTime } from '../support/conversations';
import { createCourseAsSystem, createPlans } from '../support/enrollment';
import { createSpeaker, createStudent } from '../support/scheduling';

const NOTE_FIELDS = 'id kind text detail why';
const CONVERSATION = `query($id: ID!) { conversation(conversationId: $id) { id learningNotes { ${NOTE_FIELDS} } notesPolicy { isWritable writableUntil } } }`;
const SAVE = `mutation($input: SaveLearningNotesInput!) { saveLearningNotes(input: $input) { conversation { id learningNotes { ${NOTE_FIELDS} } } } }`;
const MINE = `query($search: String, $courseId: ID) { myLearningNotes(search: $search, courseId: $courseId) {
  note { text } conversationId courseId courseName } }`;
const LESSONS = `query($id: ID!) { course(courseId: $id) { lessonAssignments { lesson { id } } } }`;

const CORRECTION = { kind: 'correction', text: 'Yo soy aburrido', detail: 'Estoy aburrido', why: 'estar: a passing state' };
const WORD = { kind: 'word', text: 'la sobremesa', detail: 'talking at the table after a meal' };
const FOCUS = { kind: 'focus', text: 'ser and estar' };

describe('the speaker’s notes', () => {
  let app: TestApp;
  let admin: string;
  let plans: Awaited<ReturnType<typeof createPlans>>;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await createAdmin(app)).token;
    plans = await createPlans(app);
  });
  afterAll(() => app.close());

  async function instructor() {
    const emailAddress = `instructor-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'Instruct0rPass!';
    const { accountId } = await app.runtime.identity.register({ actor: SYSTEM_ACTOR }, { emailAddress, password, roles: ['INSTRUCTOR'] });
    return { accountId, token: await signIn(app, emailAddress, password) };
  }

  /** A student in an instructor's course and a speaker; `held()` reserves a lesson and holds it. */
  async function world() {
    const owner = await instructor();
    const course = await createCourseAsSystem(app, {
      name: `Course ${Math.random().toString(36).slice(2, 6)}`,
      pricingPlanId: plans.standard,
      ownerId: owner.accountId,
    });
    const speaker = await createSpeaker(app);
    const student = await createStudent(app, 0);
    await enrollAsAdmin(app, course.inviteNumber, student.accountId);
    const lessons = (await app.gql(LESSONS, { id: course.courseId }, student.token)).data.course.lessonAssignments.map(
      (a: any) => a.lesson.id,
    );
    let lesson = 0;
    const held = async (t0?: Date) => {
      const id = await reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessons[lesson++] });
      await live(app, id, speaker.accountId, student.accountId, 'held', t0);
      return id;
    };
    const reserve = () => reserveConversation(app, student, speaker, { courseId: course.courseId, lessonId: lessons[lesson++] });
    const running = async (t0: Date) => {
      const id = await reserve();
      await live(app, id, speaker.accountId, student.accountId, 'running', t0);
      return id;
    };
    return { owner, course, speaker, student, held, reserve, running };
  }

  const save = (token: string, conversationId: string, notes: object[]) => app.gql(SAVE, { input: { conversationId, notes } }, token);
  const notesSeenBy = async (token: string, id: string) => (await app.gql(CONVERSATION, { id }, token)).data?.conversation;

  it('the speaker writes and edits; the student, the course’s instructor and admins read; another student and another instructor see nothing', async () => {
    const w = await world();
    const id = await w.held();
    assert.equal((await notesSeenBy(w.speaker.token, id)).notesPolicy.isWritable, true);
    assert.equal((await notesSeenBy(w.student.token, id)).notesPolicy.isWritable, false);

    const first = await save(w.speaker.token, id, [CORRECTION, WORD, FOCUS]);
    assert.equal(first.errors, undefined);
    const written = first.data.saveLearningNotes.conversation.learningNotes;
    assert.deepEqual(
      written.map((n: any) => [n.kind, n.text, n.detail, n.why]),
      [
        ['correction', CORRECTION.text, CORRECTION.detail, CORRECTION.why],
        ['word', WORD.text, WORD.detail, null],
        ['focus', FOCUS.text, null, null],
      ],
    );
    for (const reader of [w.student.token, w.owner.token, admin])
      assert.deepEqual((await notesSeenBy(reader, id)).learningNotes, written, 'its student, its instructor and admins read the notes');

    // An edit: the correction's why revised, the word removed, the focus kept.
    const [correction, , focus] = written;
    const edited = await save(w.speaker.token, id, [
      { ...CORRECTION, id: correction.id, why: 'a state, not who you are' },
      { ...FOCUS, id: focus.id },
    ]);
    assert.deepEqual(
      edited.data.saveLearningNotes.conversation.learningNotes.map((n: any) => [n.id, n.why]),
      [
        [correction.id, 'a state, not who you are'],
        [focus.id, null],
      ],
    );
    const types = (await app.runtime.store.readStream(`notes-${id}`)).map((e) => e.type);
    assert.deepEqual(types, ['LearningNoteAdded', 'LearningNoteAdded', 'LearningNoteAdded', 'LearningNoteRemoved', 'LearningNoteRevised']);

    // Strangers: another student and another course's instructor neither read nor write.
    const stranger = await createStudent(app, 0);
    const otherInstructor = await instructor();
    for (const token of [stranger.token, otherInstructor.token]) {
      assert.equal(await notesSeenBy(token, id), null, 'the conversation is not theirs to see');
      assert.equal(codeOf(await save(token, id, [FOCUS])), 'NOT_FOUND');
    }
    assert.deepEqual((await app.gql(MINE, {}, stranger.token)).data.myLearningNotes, []);
    // The field itself answers null to them, whatever path of the schema reaches the conversation.
    const field = notesResolvers.Conversation!.learningNotes as unknown as (
      c: ConversationRow,
      a: object,
      ctx: ApiContext,
    ) => Promise<unknown>;
    const row = (await findConversation(app.runtime.pool, id))!;
    const as = (accountId: string, roles: string[]) =>
      ({ viewer: { accountId, sessionId: 'test', roles }, runtime: app.runtime }) as ApiContext;
    assert.equal(await field(row, {}, as(stranger.accountId, ['STUDENT'])), null);
    assert.equal(await field(row, {}, as(otherInstructor.accountId, ['INSTRUCTOR'])), null);
    assert.equal(((await field(row, {}, as(w.owner.accountId, ['INSTRUCTOR']))) as unknown[]).length, 2);
    // Its student and its instructor read but do not write.
    for (const token of [w.student.token, w.owner.token, admin]) {
      const refused = await save(token, id, [FOCUS]);
      assert.equal(codeOf(refused), 'UNAUTHORIZED');
      assert.equal(refused.errors?.[0].message, NotesMessages.notWriter);
    }
  });

  it('tells the student once by mail, for the first notes only', async () => {
    const w = await world();
    const id = await w.held();
    const added = await save(w.speaker.token, id, [FOCUS]);
    const focusId = added.data.saveLearningNotes.conversation.learningNotes[0].id;
    await save(w.speaker.token, id, [{ ...FOCUS, id: focusId, text: 'ser, estar' }, WORD]);
    await mailSettled(app);
    const mails = await app.runtime.outbox!.list(w.student.emailAddress);
    const notesMails = mails.filter((m) => /left you notes/.test(m.subject));
    assert.equal(notesMails.length, 1);
    assert.match(notesMails[0].text ?? '', new RegExp(`/student/conversations\\?id=${id}`));
  });

  it('closes the notes 48 hours after the conversation ended', async () => {
    const w = await world();
    const id = await w.held(new Date(Date.now() - 48 * 3_600_000 - 20 * 60_000));
    assert.equal((await notesSeenBy(w.speaker.token, id)).notesPolicy.isWritable, false);
    const refused = await save(w.speaker.token, id, [FOCUS]);
    assert.equal(codeOf(refused), 'CONFLICT');
    assert.equal(refused.errors?.[0].message, NotesMessages.closed);
  });

  it('refuses a NUL and an overlong text at the boundary, and a third thing to work on in the domain', async () => {
    const w = await world();
    const id = await w.held();
    assert.equal(codeOf(await save(w.speaker.token, id, [{ ...FOCUS, text: 'a\u0000b' }])), 'BAD_USER_INPUT');
    assert.equal(codeOf(await save(w.speaker.token, id, [{ ...WORD, detail: 'x'.repeat(301) }])), 'BAD_USER_INPUT');
    const three = await save(w.speaker.token, id, [FOCUS, FOCUS, FOCUS]);
    assert.equal(three.errors?.[0].message, NotesMessages.tooManyFocus);
    assert.equal((await notesSeenBy(w.speaker.token, id)).learningNotes.length, 0, 'a refused save keeps nothing');
  });

  it('gathers the student’s notes across conversations, searched and filtered by course', async () => {
    const w = await world();
    const [one, two] = [await w.held(), await w.held()];
    await save(w.speaker.token, one, [CORRECTION]);
    await save(w.speaker.token, two, [WORD, { kind: 'word', text: '100%_sure', detail: 'seguro' }]);
    const mine = async (vars: Record<string, unknown>) =>
      (await app.gql(MINE, vars, w.student.token)).data.myLearningNotes.map((n: any) => n.note.text);
    assert.deepEqual((await mine({})).sort(), [CORRECTION.text, WORD.text, '100%_sure'].sort());
    assert.deepEqual(await mine({ search: 'ESTOY' }), [CORRECTION.text], 'the better way matches, whatever the case');
    assert.deepEqual(await mine({ search: '%_' }), ['100%_sure'], '% and _ stand for themselves');
    assert.deepEqual(await mine({ courseId: w.course.courseId, search: 'sobremesa' }), [WORD.text]);
    assert.deepEqual(await mine({ courseId: 'another-course' }), []);
    const row = (await app.gql(MINE, { search: 'sobremesa' }, w.student.token)).data.myLearningNotes[0];
    assert.deepEqual(
      [row.conversationId, row.courseId, row.courseName],
      [two, w.course.courseId, await notesCourseName(w.course.courseId)],
    );
    assert.equal(codeOf(await app.gql(MINE, {}, w.speaker.token)), 'UNAUTHORIZED', 'a student’s page');
  });

  const notesCourseName = async (courseId: string) =>
    (await app.runtime.pool.query('SELECT name FROM rm_catalog.courses WHERE id = $1', [courseId])).rows[0].name as string;

  describe('speaking time', () => {
    const REPORT = `mutation($id: ID!, $ms: Int) { syncParticipant(input: { conversationId: $id, speakingMs: $ms }) { status } }`;
    const SPOKEN = `query($id: ID!) { conversation(conversationId: $id) { speakingTime { heldSeconds studentSeconds speakerSeconds } } }`;
    const CLASS = `query($id: ID!) { classView(courseId: $id) { students { studentId minutesHeld minutesSpoken } } }`;
    const report = (token: string, id: string, ms: number, headers?: Record<string, string>) => app.gql(REPORT, { id, ms }, token, headers);

    it('each participant reports their own, within the time that passed; the two, the instructor and admins read the totals', async () => {
      const w = await world();
      // Started ten minutes ago, a 15-minute lesson: five minutes to go.
      const id = await w.running(new Date(Date.now() - 10 * 60_000));

      assert.equal((await report(w.student.token, id, 400_000)).errors, undefined);
      const tooLong = await report(w.student.token, id, 3000);
      assert.equal(codeOf(tooLong), 'BAD_USER_INPUT');
      assert.equal(tooLong.errors?.[0].message, SpeakingTimeMessages.tooLong);
      // A contracts' table the server registers (issue 32): the refusal in the caller's language.
      for (const [language, said] of [
        ['es', 'El tiempo de habla informado es mayor que el tiempo desde el último informe.'],
        ['fr', 'Le temps de parole déclaré dépasse le temps écoulé depuis la dernière déclaration.'],
      ]) {
        const refused = await report(w.student.token, id, 60_000, { 'accept-language': language });
        assert.equal(codeOf(refused), 'BAD_USER_INPUT');
        assert.equal(refused.errors?.[0].message, said, language);
      }
      assert.equal((await report(w.student.token, id, 1500)).errors, undefined, 'what passed since, and two seconds of slack');
      assert.equal((await report(w.speaker.token, id, 120_000)).errors, undefined, 'the speaker’s window is their own');
      for (const ms of [-1, 3_600_001]) assert.equal(codeOf(await report(w.student.token, id, ms)), 'BAD_USER_INPUT', `${ms} refused`);

      // Only its two participants report, each for themself.
      const stranger = await createStudent(app, 0);
      const otherInstructor = await instructor();
      for (const token of [stranger.token, otherInstructor.token, w.owner.token, admin])
        assert.equal(codeOf(await report(token, id, 1000)), 'UNAUTHORIZED');
      // A contracts' function entry (LiveMessages.noAccess) the server throws as a known refusal (issue 32).
      for (const [language, said] of [
        ['es', `No se puede acceder a esta conversación. (ID de la conversación: ${id})`],
        ['fr', `Impossible d’accéder à cette conversation. (ID de la conversation : ${id})`],
      ]) {
        const refused = await report(stranger.token, id, 1000, { 'accept-language': language });
        assert.equal(codeOf(refused), 'UNAUTHORIZED');
        assert.equal(refused.errors?.[0].message, said, language);
      }

      const totals = { studentSeconds: 402, speakerSeconds: 120 };
      for (const reader of [w.student.token, w.speaker.token, w.owner.token, admin]) {
        const seen = await eventually(async () => {
          const t = (await app.gql(SPOKEN, { id }, reader)).data?.conversation?.speakingTime;
          return t?.speakerSeconds === totals.speakerSeconds ? t : null;
        }, 'the totals in the read model');
        assert.deepEqual({ studentSeconds: seen.studentSeconds, speakerSeconds: seen.speakerSeconds }, totals);
        assert.ok(seen.heldSeconds >= 600 && seen.heldSeconds <= 620, `held ${seen.heldSeconds}`);
      }
      for (const token of [stranger.token, otherInstructor.token])
        assert.equal((await app.gql(SPOKEN, { id }, token)).data?.conversation ?? null, null, 'not theirs to see');
      const field = speakingTimeResolvers.Conversation!.speakingTime as unknown as (
        c: ConversationRow,
        a: object,
        ctx: ApiContext,
      ) => unknown;
      const row = (await findConversation(app.runtime.pool, id))!;
      const as = (accountId: string, roles: string[]) =>
        ({ viewer: { accountId, sessionId: 'test', roles }, runtime: app.runtime }) as ApiContext;
      assert.equal(await field(row, {}, as(stranger.accountId, ['STUDENT'])), null, 'whatever path reaches the conversation');

      // Totals only, an event a report.
      const events = await app.runtime.store.readStream(`speaking-time-${id}`);
      assert.deepEqual(
        events.map((e) => [e.type, (e.data as any).participantId, (e.data as any).totalMs]),
        [
          ['SpeakingTimeReported', w.student.accountId, 400_000],
          ['SpeakingTimeReported', w.student.accountId, 401_500],
          ['SpeakingTimeReported', w.speaker.accountId, 120_000],
        ],
      );

      // The class view: the student's minutes spoken beside their minutes held.
      const student = (await app.gql(CLASS, { id: w.course.courseId }, w.owner.token)).data.classView.students.find(
        (s: any) => s.studentId === w.student.accountId,
      );
      assert.equal(student.minutesSpoken, 7);
    });

    it('refuses a report before the conversation started and a minute after it stopped', async () => {
      const w = await world();
      const held = await w.held();
      const late = await report(w.student.token, held, 1000);
      assert.equal(codeOf(late), 'CONFLICT');
      assert.equal(late.errors?.[0].message, SpeakingTimeMessages.notHeld);
      const reserved = await w.reserve();
      assert.equal((await report(w.student.token, reserved, 1000)).errors?.[0].message, SpeakingTimeMessages.notHeld);
      assert.equal((await app.runtime.store.readStream(`speaking-time-${held}`)).length, 0);
    });
  });
  describe('the student’s progress', () => {
    const PROGRESS = `query($weeks: Int) { myProgress(weeks: $weeks) { today
      weeks { weekOf conversationsHeld secondsHeld secondsSpoken speakingShare corrections newWords }
      courses { courseId courseName lessonsDone lessons { lessonId order title dueOn state } } } }`;
    const REPORT = `mutation($id: ID!, $ms: Int) { syncParticipant(input: { conversationId: $id, speakingMs: $ms }) { status } }`;
    const MARK = `mutation($input: ModerateConversationInput!) { moderateConversation(input: $input) { marked } }`;
    const report = (token: string, id: string, ms: number, headers?: Record<string, string>) => app.gql(REPORT, { id, ms }, token, headers);
    const ZONE = 'Asia/Tokyo';
    const mondayIn = (t: Date) => DateTime.fromJSDate(t, { zone: ZONE }).startOf('week').toISODate();

    it('counts the student’s own held conversations per week of their zone, their minutes spoken and share, the notes, and the lessons done and due', async () => {
      const w = await world();
      assert.equal(
        (
          await app.gql(
            `mutation($input: ChangeUserInput!) { changeUser(input: $input) { changed } }`,
            { input: { tzIdentifier: ZONE } },
            w.student.token,
          )
        ).errors,
        undefined,
      );
      // Eight days ago, completed, with notes and a speaking time; and one running now, reported through the clock call.
      const lastWeek = new Date(Date.now() - 8 * 86_400_000);
      const older = await w.held(lastWeek);
      await writeNotesAndSpeakingTime(
        app,
        { conversationId: older, studentId: w.student.accountId, speakerId: w.speaker.accountId, at: lastWeek },
        [
          { kind: 'correction', text: 'Yo soy aburrido', detail: 'Estoy' },
          { kind: 'correction', text: 'Hace calor mucho', detail: 'Hace mucho calor' },
          { kind: 'word', text: 'la sobremesa', detail: 'after-meal talk' },
        ],
        540_000,
      );
      assert.equal((await app.gql(MARK, { input: { conversationId: older, markAs: 'completed' } }, w.speaker.token)).errors, undefined);
      const startedNow = new Date(Date.now() - 10 * 60_000);
      const current = await w.running(startedNow);
      assert.equal((await report(w.student.token, current, 300_000)).errors, undefined);
      assert.equal((await report(w.speaker.token, current, 200_000)).errors, undefined, 'the speaker’s time is not the student’s');
      assert.equal((await save(w.speaker.token, current, [CORRECTION, WORD, FOCUS])).errors, undefined);
      await w.reserve(); // still to come: not held

      const progress = await eventually(async () => {
        const p = (await app.gql(PROGRESS, {}, w.student.token)).data?.myProgress;
        const done = p?.courses[0]?.lessonsDone === 1 && p.weeks.some((wk: any) => wk.secondsSpoken === 300);
        return done ? p : null;
      }, 'the read models caught up');
      assert.equal(progress.today, DateTime.now().setZone(ZONE).toISODate());
      assert.equal(progress.weeks.length, 12);
      assert.equal(progress.weeks[11].weekOf, mondayIn(new Date()));
      const week = (t: Date) => progress.weeks.find((wk: any) => wk.weekOf === mondayIn(t));
      assert.deepEqual(week(lastWeek), {
        weekOf: mondayIn(lastWeek),
        conversationsHeld: 1,
        secondsHeld: 900,
        secondsSpoken: 540,
        speakingShare: 0.6,
        corrections: 2,
        newWords: 1,
      });
      const now = week(startedNow);
      assert.deepEqual([now.conversationsHeld, now.secondsSpoken, now.corrections, now.newWords], [1, 300, 1, 1]);
      assert.ok(now.secondsHeld >= 600 && now.secondsHeld <= 620, `held ${now.secondsHeld}`);
      assert.equal(now.speakingShare, 300 / now.secondsHeld);
      const others = progress.weeks.filter((wk: any) => wk !== now && wk.weekOf !== mondayIn(lastWeek));
      assert.ok(others.every((wk: any) => wk.conversationsHeld === 0 && wk.speakingShare === null));

      // The course's lessons with the class view's states: the completed one, the one running (held), the one reserved.
      const [course] = progress.courses;
      assert.equal(course.courseId, w.course.courseId);
      assert.deepEqual(
        course.lessons.slice(0, 4).map((l: any) => l.state),
        ['complete', 'held', 'reserved', 'not_reserved'],
      );
      assert.equal((await app.gql(PROGRESS, { weeks: 2 }, w.student.token)).data.myProgress.weeks.length, 2);
    });

    it('answers only a signed-in student, with their own numbers; weeks are bounded', async () => {
      const w = await world();
      await w.held();
      const otherInstructor = await instructor();
      for (const token of [w.speaker.token, w.owner.token, otherInstructor.token, admin, undefined])
        assert.equal(codeOf(await app.gql(PROGRESS, {}, token)), 'UNAUTHORIZED', 'students only');
      const stranger = await createStudent(app, 0);
      const theirs = (await app.gql(PROGRESS, {}, stranger.token)).data.myProgress;
      assert.ok(theirs.weeks.every((wk: any) => wk.conversationsHeld === 0));
      assert.deepEqual(theirs.courses, []);
      for (const weeks of [0, 27])
        assert.equal(codeOf(await app.gql(PROGRESS, { weeks }, w.student.token)), 'BAD_USER_INPUT', `${weeks} weeks`);
    });
  });
});
