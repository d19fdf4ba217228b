/**
 * Speakers (issue 8): invitation by mail → invited sign-up → ACCEPTED and the admins'
 * speakerAccepted subscription; rescinding; the interview conversation; promotion and decline;
 * speaking settings; the instructor gallery; every admin operation refused to everyone else.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Messages } from '../../contracts/errors';
import { SpeakerMessages } from '../../contracts/speaking';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { subscriptionsListening } from '../support/apiProcesses';
import { codeOf, createAdmin, signUp, startTestApp, type TestApp } from '../support/app';
import { eventually } from '../support/eventually';

const INVITE = `mutation($input: InviteSpeakerInput!) { inviteSpeaker(input: $input) { invited invitation { id emailAddress invitationStatus owner { id emailAddress } } } }`;
const RESCIND = `mutation($input: RescindSpeakerInput!) { rescindSpeaker(input: $input) { rescinded invitation { id invitationStatus } } }`;
const INVITATIONS = `{ invitations { id invitationSentAt emailAddress invitationStatus owner { id } speakerId speaking { id isPromoted hasEvaluation evaluation interview { id status } languages payRate } } }`;
const SIGNUP_INVITED = `mutation($input: SignupInvitedInput!) { signupInvited(input: $input) { token } }`;
const INTERVIEW = `mutation($input: InterviewSpeakerInput!) { interviewSpeaker(input: $input) { ready conversation { id status kind reservedWith { id } } } }`;
const EVALUATE = `mutation($input: EvaluateSpeakerInput!) { evaluateSpeaker(input: $input) { evaluated speaking { id isPromoted evaluation hasEvaluation isUnderReview } } }`;
const CHANGE_SPEAKING = `mutation($input: ChangeUserSpeakingInput!) { changeUserSpeaking(input: $input) { changed user { id speaking { languages payRate } } } }`;
const ALL_SPEAKERS = `query($language: String) { allSpeakers(language: $language) { language speakers { id emailAddress } } }`;
const MY_SPEAKING = `{ me { id account { roles } speaking { id isPromoted evaluation hasEvaluation isUnderReview interview { id status } languages payRate } } }`;

let app: TestApp;
let admin: { token: string; accountId: string };
beforeAll(async () => {
  app = await startTestApp({}, 'speakers');
  admin = await createAdmin(app);
});
afterAll(async () => {
  await app.close();
});

/** The invitation link from the dev outbox, once the mail job has sent it. */
async function invitationLink(address: string): Promise<URL> {
  const mail = await eventually(async () => (await app.runtime.outbox!.list(address))[0], `the invitation mail to ${address}`);
  assert.equal(mail.subject, 'You are invited to speak on Tertulia');
  const match = mail.text.match(/https?:\/\/\S+\/auth\/sign_up\?\S+/);
  assert.ok(match, mail.text);
  return new URL(match[0]);
}

async function inviteAndAccept(address: string) {
  const invited = await app.gql(INVITE, { input: { emailAddress: address } }, admin.token);
  assert.equal(invited.errors, undefined, JSON.stringify(invited.errors));
  const link = await invitationLink(address);
  const res = await app.gql(SIGNUP_INVITED, {
    input: { invitationToken: link.searchParams.get('token'), password: 'Speak3r-Pass', passwordConfirmation: 'Speak3r-Pass' },
  });
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  const token = res.data.signupInvited.token as string;
  const me = await app.gql(`{ me { id } }`, {}, token);
  return { token, accountId: me.data.me.id as string, invitationId: invited.data.inviteSpeaker.invitation.id as string };
}

function nextSpeakerAccepted(token: string): { next: Promise<any>; dispose: () => void } {
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authToken: token },
    lazy: true,
    retryAttempts: 0,
  });
  let dispose = () => {};
  const next = new Promise((resolve, reject) => {
    const stop = client.subscribe(
      { query: `subscription { speakerAccepted { emailAddress invitation { id invitationStatus speakerId } } }` },
      {
        next: (value) => {
          stop();
          void client.dispose();
          if (value.errors) reject(new Error(value.errors[0].message));
          else resolve(value.data!.speakerAccepted);
        },
        error: (e) => {
          void client.dispose();
          reject(e instanceof Error ? e : new Error(JSON.stringify(e)));
        },
        complete: () => {},
      },
    );
    dispose = () => {
      stop();
      void client.dispose();
    };
  });
  return { next, dispose };
}

async function eventCount(types: string[]) {
  const { rows } = await app.runtime.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = ANY($1)`, [types]);
  return rows[0].n as number;
}

describe('speaker invitation', () => {
  it('mails an invitation whose link signs the speaker up with the address locked, and tells admins live', async () => {
    const address = 'Nora.Speaker@Example.com';
    const invited = await app.gql(INVITE, { input: { emailAddress: address } }, admin.token);
    assert.equal(invited.errors, undefined, JSON.stringify(invited.errors));
    const invitation = invited.data.inviteSpeaker.invitation;
    assert.deepEqual(
      { ...invitation, id: undefined },
      {
        id: undefined,
        emailAddress: 'nora.speaker@example.com',
        invitationStatus: 'INVITED',
        owner: { id: admin.accountId, emailAddress: 'admin@example.com' },
      },
    );
    const link = await invitationLink('nora.speaker@example.com');
    assert.equal(link.pathname, '/auth/sign_up');
    assert.equal(link.searchParams.get('email_address'), 'nora.speaker@example.com');

    // The stored notification never holds the link (it carries the token).
    // Opened through the store: a mail's values are stored sealed (docs/decisions/erasure.md).
    const rows = (await app.runtime.store.readAll(null, 100_000))
      .filter((e) => e.type === 'NotificationQueued' && e.data.templateKey === 'speaker_invitation')
      .map((e) => ({ d: JSON.stringify(e.data) }));
    assert.ok(rows.length >= 1);
    assert.ok(rows.every((r) => !r.d.includes(link.searchParams.get('token')!)));

    // A second invitation to the same open address is refused.
    const again = await app.gql(INVITE, { input: { emailAddress: 'nora.speaker@example.com' } }, admin.token);
    assert.equal(again.errors?.[0].message, SpeakerMessages.invitationOpen);

    const before = await subscriptionsListening(app.url);
    const live = nextSpeakerAccepted(admin.token);
    await eventually(async () => (await subscriptionsListening(app.url)) > before, 'the speakerAccepted subscription to listen');
    const res = await app.gql(SIGNUP_INVITED, {
      input: { invitationToken: link.searchParams.get('token'), password: 'Speak3r-Pass', passwordConfirmation: 'Speak3r-Pass' },
    });
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const event = await live.next;
    const me = await app.gql(MY_SPEAKING, {}, res.data.signupInvited.token);
    assert.deepEqual(event, {
      emailAddress: 'nora.speaker@example.com',
      invitation: { id: invitation.id, invitationStatus: 'ACCEPTED', speakerId: me.data.me.id },
    });
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_SPEAKER']);
    assert.deepEqual(me.data.me.speaking, {
      id: me.data.me.id,
      isPromoted: false,
      evaluation: null,
      hasEvaluation: false,
      isUnderReview: false,
      interview: null,
      languages: [],
      payRate: 0,
    });

    const list = await app.gql(INVITATIONS, {}, admin.token);
    const row = list.data.invitations.find((i: any) => i.id === invitation.id);
    assert.equal(row.invitationStatus, 'ACCEPTED');
    assert.equal(row.speakerId, me.data.me.id);
    assert.equal(row.owner.id, admin.accountId);
    assert.equal(row.speaking.id, me.data.me.id);

    // The link works once.
    const reuse = await app.gql(SIGNUP_INVITED, {
      input: { invitationToken: link.searchParams.get('token'), password: 'Speak3r-Pass', passwordConfirmation: 'Speak3r-Pass' },
    });
    assert.equal(reuse.errors?.[0].message, Messages.invitationInvalid);
    // An address with an account is not invited.
    const taken = await app.gql(INVITE, { input: { emailAddress: 'nora.speaker@example.com' } }, admin.token);
    assert.equal(taken.errors?.[0].message, Messages.emailTaken);
  });

  it("mails the invitation in the language the admin chose, else the admin's; refuses one Tertulia does not speak", async () => {
    const invitationMail = async (address: string) => {
      const [mail] = (await app.runtime.store.readAll(null, 100_000)).filter(
        (e) => e.type === 'NotificationQueued' && e.data.templateKey === 'speaker_invitation' && JSON.stringify(e.data).includes(address),
      );
      return mail?.data as { locale?: string } | undefined;
    };
    const chosen = await app.gql(INVITE, { input: { emailAddress: 'lupe.speaker@example.com', locale: 'es' } }, admin.token);
    assert.equal(chosen.errors, undefined, JSON.stringify(chosen.errors));
    assert.equal((await invitationMail('lupe.speaker@example.com'))?.locale, 'es');
    const unchosen = await app.gql(INVITE, { input: { emailAddress: 'joe.speaker@example.com' } }, admin.token);
    assert.equal(unchosen.errors, undefined, JSON.stringify(unchosen.errors));
    assert.equal((await invitationMail('joe.speaker@example.com'))?.locale ?? 'en', 'en', "the admin's (English)");
    const refused = await app.gql(INVITE, { input: { emailAddress: 'xx.speaker@example.com', locale: 'xx' } }, admin.token);
    assert.equal(codeOf(refused), 'BAD_USER_INPUT');
    assert.equal(await invitationMail('xx.speaker@example.com'), undefined, 'nothing queued');
  });

  it('needs an email address', async () => {
    const empty = await app.gql(INVITE, { input: { emailAddress: '  ' } }, admin.token);
    assert.equal(codeOf(empty), 'BAD_USER_INPUT');
    assert.equal(empty.errors?.[0].message, SpeakerMessages.emailRequired);
    const bad = await app.gql(INVITE, { input: { emailAddress: 'not-an-address' } }, admin.token);
    assert.equal(codeOf(bad), 'BAD_USER_INPUT');
  });

  it('rescinds an open invitation, whose link then stops working; an accepted one cannot be rescinded', async () => {
    const invited = await app.gql(INVITE, { input: { emailAddress: 'rex@example.com' } }, admin.token);
    const id = invited.data.inviteSpeaker.invitation.id;
    const link = await invitationLink('rex@example.com');
    const res = await app.gql(RESCIND, { input: { invitationId: id } }, admin.token);
    assert.deepEqual(res.data.rescindSpeaker, { rescinded: true, invitation: { id, invitationStatus: 'RESCINDED' } });
    const signup = await app.gql(SIGNUP_INVITED, {
      input: { invitationToken: link.searchParams.get('token'), password: 'Speak3r-Pass', passwordConfirmation: 'Speak3r-Pass' },
    });
    assert.equal(signup.errors?.[0].message, Messages.invitationInvalid);
    // A new invitation to the address may be sent once the old one is rescinded.
    const again = await app.gql(INVITE, { input: { emailAddress: 'rex@example.com' } }, admin.token);
    assert.equal(again.errors, undefined);

    const accepted = await inviteAndAccept('ada@example.com');
    const refused = await app.gql(RESCIND, { input: { invitationId: accepted.invitationId } }, admin.token);
    assert.equal(codeOf(refused), 'CONFLICT');
    const unknown = await app.gql(RESCIND, { input: { invitationId: 'nope' } }, admin.token);
    assert.equal(codeOf(unknown), 'NOT_FOUND');
  });
});

describe('interview and evaluation', () => {
  it('schedules the interview as a conversation stream appended with the speaking record, and opens it', async () => {
    const speaker = await inviteAndAccept('ivan@example.com');
    const res = await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.equal(res.data.interviewSpeaker.ready, true);
    const conversationId = res.data.interviewSpeaker.conversation.id;
    // The answer is the conversation as the read model has it, every field of it.
    assert.deepEqual(res.data.interviewSpeaker.conversation, {
      id: conversationId,
      status: 'opened',
      kind: 'interview',
      reservedWith: { id: speaker.accountId },
    });
    const stream = await app.runtime.store.readStream(`conversation-${conversationId}`);
    assert.deepEqual(
      stream.map((e) => e.type),
      ['ConversationReserved', 'ConversationOpened'],
    );
    assert.equal((stream[1].data as any).openedBy, admin.accountId);
    const reserved = stream[0] as any;
    assert.equal(reserved.type, 'ConversationReserved');
    assert.equal(reserved.data.kind, 'interview');
    assert.equal(reserved.data.reservedBy, admin.accountId);
    assert.equal(reserved.data.reservedWith, speaker.accountId);
    assert.equal(reserved.data.duration, 30);
    assert.equal(reserved.data.minutes, 0);
    assert.equal(reserved.data.learningLanguage, 'en');
    assert.equal(reserved.data.provider, 'local');
    // One atomic append: the same transaction wrote both.
    const { rows } = await app.runtime.pool.query(
      `SELECT count(DISTINCT transaction_id)::int AS n FROM events WHERE (stream_id = $1 AND type = 'ConversationReserved') OR (stream_id = $2 AND type = 'InterviewScheduled')`,
      [`conversation-${conversationId}`, `speaking-${speaker.accountId}`],
    );
    assert.equal(rows[0].n, 1);

    // The candidate sees it opened: their Connect button works (spec 3, interview dialog).
    const me = await app.gql(MY_SPEAKING, {}, speaker.token);
    assert.deepEqual(me.data.me.speaking.interview, { id: conversationId, status: 'opened' });
    assert.equal(me.data.me.speaking.isUnderReview, false);
    // Asking again answers the same interview, still open.
    const again = await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token);
    assert.equal(again.data.interviewSpeaker.conversation.id, conversationId);
    assert.equal((await app.runtime.store.readStream(`conversation-${conversationId}`)).length, 2);
    // Another staff member cannot take over an interview that is open.
    const other = await createAdmin(app, 'second-admin@example.com');
    const taken = await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, other.token);
    assert.equal(taken.errors?.[0].message, 'Only the staff member who scheduled this interview can open it.');
  });

  it('schedules a new interview once the last one was missed (past its end), not before', async () => {
    const speaker = await inviteAndAccept('mia@example.com');
    const first = (await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token)).data.interviewSpeaker.conversation
      .id;
    const asAdmin = (minutesLater: number) => ({
      actor: { accountId: admin.accountId, roles: ['ADMIN'] as any },
      now: () => new Date(Date.now() + minutesLater * 60_000),
    });
    const during = await app.runtime.speaking.interviewSpeaker(asAdmin(29), { speakerId: speaker.accountId });
    assert.deepEqual(during.result, { conversationId: first, created: false });
    const after = await app.runtime.speaking.interviewSpeaker(asAdmin(31), { speakerId: speaker.accountId });
    assert.equal(after.result.created, true);
    assert.notEqual(after.result.conversationId, first);
    const record = await eventually(async () => {
      const me = await app.gql(MY_SPEAKING, {}, speaker.token);
      return me.data.me.speaking.interview.id === after.result.conversationId ? me.data.me.speaking : null;
    }, 'the new interview on the record');
    assert.equal(record.interview.status, 'reserved');
  });

  it('promotes (with or without an interview) and keeps ONBOARDING_SPEAKER until onboarding; no interview follows', async () => {
    const speaker = await inviteAndAccept('paula@example.com');
    const res = await app.gql(EVALUATE, { input: { speakerId: speaker.accountId, evaluation: 'promote' } }, admin.token);
    assert.deepEqual(res.data.evaluateSpeaker, {
      evaluated: true,
      speaking: { id: speaker.accountId, isPromoted: true, evaluation: 'promote', hasEvaluation: true, isUnderReview: false },
    });
    const interview = await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token);
    assert.equal(interview.errors?.[0].message, SpeakerMessages.alreadyPromoted);
    const me = await app.gql(MY_SPEAKING, {}, speaker.token);
    assert.deepEqual(me.data.me.account.roles, ['ONBOARDING_SPEAKER']);
    assert.equal(me.data.me.speaking.isPromoted, true);
    const decline = await app.gql(EVALUATE, { input: { speakerId: speaker.accountId, evaluation: 'decline' } }, admin.token);
    assert.equal(decline.errors?.[0].message, SpeakerMessages.alreadyPromoted);
  });

  it('declines: the record says so, the account keeps its role to see it, and no interview follows', async () => {
    const speaker = await inviteAndAccept('dana@example.com');
    await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token);
    const res = await app.gql(EVALUATE, { input: { speakerId: speaker.accountId, evaluation: 'decline' } }, admin.token);
    assert.equal(res.data.evaluateSpeaker.speaking.evaluation, 'decline');
    assert.equal(res.data.evaluateSpeaker.speaking.isPromoted, false);
    const me = await app.gql(MY_SPEAKING, {}, speaker.token);
    assert.equal(me.data.me.speaking.evaluation, 'decline');
    const promote = await app.gql(EVALUATE, { input: { speakerId: speaker.accountId, evaluation: 'promote' } }, admin.token);
    assert.equal(promote.errors?.[0].message, SpeakerMessages.alreadyDeclined);
  });

  it('refuses people without a speaking record', async () => {
    const student = await signUp(app, 'no-record@example.com');
    for (const [query, extra] of [
      [INTERVIEW, {}],
      [EVALUATE, { evaluation: 'promote' }],
    ] as const) {
      const res = await app.gql(query, { input: { speakerId: student.accountId, ...extra } }, admin.token);
      assert.equal(codeOf(res), 'NOT_FOUND');
      assert.equal(res.errors?.[0].message, SpeakerMessages.noSpeakingRecord);
    }
  });
});

describe('speaking settings', () => {
  it('sets languages and the pay rate in cents, with the spec message below zero', async () => {
    const speaker = await inviteAndAccept('lena@example.com');
    const ok = await app.gql(
      CHANGE_SPEAKING,
      { input: { userId: speaker.accountId, languages: ['es', 'fr'], payRate: 1250 } },
      admin.token,
    );
    assert.deepEqual(ok.data.changeUserSpeaking, {
      changed: true,
      user: { id: speaker.accountId, speaking: { languages: ['es', 'fr'], payRate: 1250 } },
    });
    const negative = await app.gql(CHANGE_SPEAKING, { input: { userId: speaker.accountId, languages: ['es'], payRate: -1 } }, admin.token);
    assert.equal(codeOf(negative), 'BAD_USER_INPUT');
    assert.equal(negative.errors?.[0].message, 'A positive value must be provided.');
    assert.deepEqual(negative.errors?.[0].extensions?.fields, { payRate: 'A positive value must be provided.' });
    const unknown = await app.gql(CHANGE_SPEAKING, { input: { userId: speaker.accountId, languages: ['xx'], payRate: 0 } }, admin.token);
    assert.equal(unknown.errors?.[0].message, SpeakerMessages.languageUnknown);
    const tooHigh = await app.gql(
      CHANGE_SPEAKING,
      { input: { userId: speaker.accountId, languages: ['es'], payRate: 100_001 } },
      admin.token,
    );
    assert.equal(codeOf(tooHigh), 'BAD_USER_INPUT');
    const nul = await app.gql(CHANGE_SPEAKING, { input: { userId: speaker.accountId, languages: ['e\u0000'], payRate: 0 } }, admin.token);
    assert.equal(codeOf(nul), 'BAD_USER_INPUT');
    // The interview's language is the speaker's first language.
    const interview = await app.gql(INTERVIEW, { input: { speakerId: speaker.accountId } }, admin.token);
    const [reserved] = await app.runtime.store.readStream(`conversation-${interview.data.interviewSpeaker.conversation.id}`);
    assert.equal((reserved.data as any).learningLanguage, 'es');
    // A speaker cannot read another speaker's record.
    const other = await inviteAndAccept('otto@example.com');
    const peek = await app.gql(`query($id: ID!) { user(userId: $id) { speaking { payRate } } }`, { id: speaker.accountId }, other.token);
    assert.equal(codeOf(peek), 'UNAUTHORIZED');
  });
});

describe('allSpeakers (instructor gallery)', () => {
  it('lists promoted, onboarded speakers of a language', async () => {
    const register = async (emailAddress: string, languages: string[], promote: boolean) => {
      const grant = await app.runtime.identity.register(
        { actor: SYSTEM_ACTOR },
        { emailAddress, password: 'Speak3r-Pass', roles: ['SPEAKER'] },
      );
      if (promote) {
        await app.runtime.speaking.seedPromotedSpeaker(
          { actor: SYSTEM_ACTOR },
          { speakerId: grant.accountId, emailAddress, languages, payRate: 1000 },
        );
      }
      return grant.accountId;
    };
    const spanish = await register('gallery-es@example.com', ['es', 'en'], true);
    const french = await register('gallery-fr@example.com', ['fr'], true);
    await register('gallery-unpromoted@example.com', ['es'], false);
    const instructor = await signUp(app, 'gallery-instructor@example.com', 'Passw0rd!', 'INSTRUCTOR');
    // The gallery joins the directory, a background read model: wait until both speakers are in it.
    const [es, fr] = await eventually(async () => {
      const both = await Promise.all(['es', 'fr'].map((language) => app.gql(ALL_SPEAKERS, { language }, instructor.token)));
      return both.every((res) => res.data?.allSpeakers.speakers.length) ? both : null;
    }, 'the gallery');
    assert.equal(es.data.allSpeakers.language, 'es');
    assert.deepEqual(
      es.data.allSpeakers.speakers.map((s: any) => s.id),
      [spanish],
    );
    assert.deepEqual(
      fr.data.allSpeakers.speakers.map((s: any) => s.id),
      [french],
    );
    const de = await app.gql(ALL_SPEAKERS, { language: 'de' }, instructor.token);
    assert.deepEqual(de.data.allSpeakers, { language: 'de', speakers: [] });
    const student = await signUp(app, 'gallery-student@example.com');
    assert.equal(codeOf(await app.gql(ALL_SPEAKERS, { language: 'es' }, student.token)), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(ALL_SPEAKERS, { language: 'es' })), 'UNAUTHORIZED');
  });
});

describe('authorization', () => {
  it('refuses every admin operation to students, instructors, speakers and signed-out callers, writing nothing', async () => {
    const speaker = await inviteAndAccept('victim@example.com');
    const open = await app.gql(INVITE, { input: { emailAddress: 'pending@example.com' } }, admin.token);
    const openId = open.data.inviteSpeaker.invitation.id;
    const student = await signUp(app, 'auth-student@example.com');
    const instructor = await signUp(app, 'auth-instructor@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const types = [
      'InvitationIssued',
      'InvitationRescinded',
      'SpeakerInvitationSent',
      'InterviewScheduled',
      'ConversationReserved',
      'SpeakerEvaluated',
      'SpeakingSettingsChanged',
      'NotificationQueued',
    ];
    const before = await eventCount(types);
    const calls: [string, Record<string, unknown>][] = [
      [INVITE, { input: { emailAddress: 'intruder@example.com' } }],
      [RESCIND, { input: { invitationId: openId } }],
      [INTERVIEW, { input: { speakerId: speaker.accountId } }],
      [EVALUATE, { input: { speakerId: speaker.accountId, evaluation: 'promote' } }],
      [CHANGE_SPEAKING, { input: { userId: speaker.accountId, languages: ['es'], payRate: 99 } }],
      [INVITATIONS, {}],
    ];
    for (const caller of [student.token, instructor.token, speaker.token, null]) {
      for (const [query, variables] of calls) {
        const res = await app.gql(query, variables, caller);
        assert.equal(codeOf(res), 'UNAUTHORIZED', `${query.slice(0, 40)} by ${caller ? 'a non-admin' : 'nobody'}`);
      }
      if (caller) {
        const sub = await nextSpeakerAccepted(caller).next.catch((e: Error) => e);
        assert.ok(sub instanceof Error && /admin role/.test(sub.message), String(sub));
      }
    }
    // A command appends before it answers: a refused one has written all it ever will.
    assert.equal(await eventCount(types), before);
  });
});

describe('the speaker candidates table (admin)', () => {
  const CANDIDATES = `query($first: Int, $after: String, $sort: [SortInput!], $filter: [FilterInput!]) {
    speakerCandidates(first: $first, after: $after, sort: $sort, filter: $filter) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { id emailAddress stage evaluation evaluatedOn interviewedOn languages payRate openedOn } } } }`;
  const ours = [{ field: 'emailAddress', predicate: 'matches', value: '%@candidates.example.com' }];

  it('lists every speaking record with its stage, pages and filters on the server, and is refused to everyone else', async () => {
    const waiting = await inviteAndAccept('wendy@candidates.example.com');
    const interviewing = await inviteAndAccept('ivan@candidates.example.com');
    const promoted = await inviteAndAccept('paula@candidates.example.com');
    const declined = await inviteAndAccept('dora@candidates.example.com');
    for (const s of [interviewing, promoted, declined])
      assert.equal((await app.gql(INTERVIEW, { input: { speakerId: s.accountId } }, admin.token)).errors, undefined);
    assert.equal(
      (await app.gql(EVALUATE, { input: { speakerId: promoted.accountId, evaluation: 'promote' } }, admin.token)).errors,
      undefined,
    );
    assert.equal(
      (await app.gql(EVALUATE, { input: { speakerId: declined.accountId, evaluation: 'decline' } }, admin.token)).errors,
      undefined,
    );

    const all = await eventually(async () => {
      const res = await app.gql(CANDIDATES, { first: 50, filter: ours, sort: [{ field: 'emailAddress', direction: 'ASC' }] }, admin.token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      const nodes = res.data.speakerCandidates.edges.map((e: any) => e.node);
      return nodes.length === 4 && nodes.find((n: any) => n.id === declined.accountId)?.stage === 'declined' ? nodes : null;
    }, 'the four candidates');
    const byId = new Map<string, any>(all.map((n: any) => [n.id, n]));
    assert.deepEqual(
      all.map((n: any) => n.emailAddress),
      ['dora@candidates.example.com', 'ivan@candidates.example.com', 'paula@candidates.example.com', 'wendy@candidates.example.com'],
    );
    assert.equal(byId.get(waiting.accountId).stage, 'waiting');
    assert.equal(byId.get(waiting.accountId).interviewedOn, null);
    assert.equal(byId.get(interviewing.accountId).stage, 'interviewing');
    assert.ok(byId.get(interviewing.accountId).interviewedOn);
    assert.equal(byId.get(interviewing.accountId).evaluation, null);
    assert.deepEqual([byId.get(promoted.accountId).stage, byId.get(promoted.accountId).evaluation], ['promoted', 'promote']);
    assert.ok(byId.get(promoted.accountId).evaluatedOn);
    assert.deepEqual([byId.get(declined.accountId).stage, byId.get(declined.accountId).evaluation], ['declined', 'decline']);

    const page1 = (await app.gql(CANDIDATES, { first: 3, filter: ours, sort: [{ field: 'emailAddress', direction: 'ASC' }] }, admin.token))
      .data.speakerCandidates;
    assert.equal(page1.totalCount, 4);
    const page2 = (
      await app.gql(
        CANDIDATES,
        { first: 3, after: page1.pageInfo.endCursor, filter: ours, sort: [{ field: 'emailAddress', direction: 'ASC' }] },
        admin.token,
      )
    ).data.speakerCandidates;
    assert.deepEqual(
      page2.edges.map((e: any) => e.node.emailAddress),
      ['wendy@candidates.example.com'],
    );
    const undecided = (
      await app.gql(CANDIDATES, { first: 50, filter: [...ours, { field: 'stage', predicate: 'eq', value: 'interviewing' }] }, admin.token)
    ).data.speakerCandidates;
    assert.deepEqual(
      undecided.edges.map((e: any) => e.node.id),
      [interviewing.accountId],
    );

    const student = await signUp(app, 'candidates-student@example.com');
    for (const token of [student.token, waiting.token, null])
      assert.equal(codeOf(await app.gql(CANDIDATES, { first: 5 }, token)), 'UNAUTHORIZED');
  });
});
