/**
 * Download my data (issue 34) through the API: a student's export holds their data and nobody
 * else's (a second student's chat, the speaker's identity), its JSON validates against the
 * published schema, the mailed link downloads once and not after 7 days; a student cannot export
 * someone else, an admin can. And who looked at a person's data (the access audit, issue 34): every
 * admin view of a person's data is recorded (the person's page, the quick search with personal
 * details, an export), once per window, and each person reads only their own.
 */
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ExportMessages } from '../../services/domain/export/export';
import { EXPORT_PARTS } from '../../services/export/collect';
import { EXPORT_SCHEMA } from '../../services/export/schema';
import { SYSTEM_ACTOR } from '../../services/domain/shared/decider';
import { codeOf, createAdmin, signIn, startTestApp, type TestApp } from '../support/app';
import { dataAccessStream } from '../../services/domain/dataAccess/dataAccess';
import { eventually } from '../support/eventually';
import { reserveOpenableNow } from '../support/live';
import { systemEvent } from '../support/events';
import { archiveStream } from '../../services/domain/archive/archive';
import { newStorageKey } from '../../services/integrations/storage/port';
import { createSpeaker, createStudent } from '../support/scheduling';

const REQUEST = `mutation($input: RequestDataExportInput!) { requestDataExport(input: $input) { dataExport { id status } } }`;
const STATUS = `query($personId: ID) { dataExport(personId: $personId) { id status partsDone partsTotal expiresAt } }`;
const POST = `mutation($id: ID!, $body: String!) { postChatMessage(input: { conversationId: $id, body: $body }) { posted } }`;
const PERSON_PAGE = `query($id: ID!) { user(userId: $id) { id emailAddress } }`;
const SEARCH = `query($q: String!, $pii: Boolean) {
  quickSearch(searchQuery: $q, pii: $pii) { students { id emailAddress } speakers { id emailAddress } conversations { id emailAddress } }
}`;
const ACCESSES = `query($personId: ID, $first: Int, $after: String) {
  personalDataAccesses(personId: $personId, first: $first, after: $after) {
    totalCount pageInfo { endCursor hasNextPage } edges { node { view viewerName reason } }
  }
}`;

/** Every entry of a zip: name to bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('download my data', () => {
  let app: TestApp;
  let admin: { token: string };
  let speaker: Awaited<ReturnType<typeof createSpeaker>>;
  let student: Awaited<ReturnType<typeof createStudent>>;
  let other: Awaited<ReturnType<typeof createStudent>>;

  /** A conversation of `who` with `withSpeaker` starting about now, one chat line each. */
  async function chatted(who: typeof student, withSpeaker: typeof speaker, line: string, answer: string) {
    const { conversationId: id } = await reserveOpenableNow(app, withSpeaker, who);
    for (const [token, body] of [
      [who.token, line],
      [withSpeaker.token, answer],
    ]) {
      const res = await app.gql(POST, { id, body }, token);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    }
    return id;
  }

  /** A finished recording of the conversation: its media in storage, the archive available. */
  async function recorded(conversationId: string, media: Buffer) {
    const mediaKey = newStorageKey('archives', 'webm');
    await app.runtime.storage.put(mediaKey, media, 'video/webm');
    const at = new Date().toISOString();
    const appended = await app.runtime.store.appendToStreams([
      {
        stream: archiveStream(conversationId),
        expected: 'any',
        events: [
          systemEvent('ArchiveRecordingStarted', { conversationId, source: 'browser', at }),
          systemEvent('ArchiveAvailable', { conversationId, mediaKey, durationSeconds: 60, bytes: media.length, at, expiresAt: null }),
        ],
      },
    ]);
    await app.runtime.runner.waitFor(appended.checkpoint, ['archives']);
  }

  async function readyLinkOf(person: typeof student): Promise<string> {
    await eventually(async () => (await app.gql(STATUS, {}, person.token)).data?.dataExport?.status === 'READY', 'the export to be ready');
    const mail = await eventually(
      async () => (await app.runtime.outbox!.list(person.emailAddress)).find((m) => m.text.includes('/data-export/')),
      'the export mail',
    );
    return /(http\S+\/data-export\/\S+)/.exec(mail.text)![1];
  }

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAdmin(app);
    speaker = await createSpeaker(app);
    student = await createStudent(app, 120);
    other = await createStudent(app, 120);
  });
  afterAll(() => app.close());

  it('holds exactly the student’s data, validates against the schema, and downloads once', async () => {
    const mine = await chatted(student, speaker, 'Me gusta la sobremesa', 'A mí también, speaker line');
    const theirs = await chatted(other, await createSpeaker(app), 'Secreto del otro estudiante', 'Answer to the other student');

    await recorded(mine, Buffer.from('the student’s recording'));
    await recorded(theirs, Buffer.from('the other student’s recording'));

    // A double click: two asks at once start one export.
    const [a, b] = await Promise.all([1, 2].map(() => app.gql(REQUEST, { input: {} }, student.token)));
    assert.equal(a.errors, undefined, JSON.stringify(a.errors));
    assert.equal(a.data.requestDataExport.dataExport.id, b.data.requestDataExport.dataExport.id);

    const link = await readyLinkOf(student);
    const status = (await app.gql(STATUS, {}, student.token)).data.dataExport;
    assert.equal(status.partsDone, status.partsTotal);
    assert.ok(status.partsTotal > 0);

    // Expired: the same token a week and a minute later is refused (and not used up).
    const [personId, token] = link.split('/data-export/')[1].split('/');
    const late = () => new Date(Date.now() + 7 * 24 * 3_600_000 + 60_000);
    await assert.rejects(app.runtime.dataExport.download({ actor: SYSTEM_ACTOR, now: late }, { personId, token }), {
      message: ExportMessages.linkExpired,
    });
    // Another person's id with this token opens nothing.
    await assert.rejects(app.runtime.dataExport.download({ actor: SYSTEM_ACTOR }, { personId: other.accountId, token }), {
      message: ExportMessages.linkUnknown,
    });

    const res = await fetch(link);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/zip');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));

    const again = await fetch(link);
    assert.equal(again.status, 410);
    assert.equal(await again.text(), ExportMessages.linkUsed);

    assert.ok(files.has('README.md') && files.has('schema.json'));
    const document: Record<string, any> = Object.fromEntries(
      [...files]
        .filter(([name]) => name.endsWith('.json') && name !== 'schema.json')
        .map(([name, bytes]) => [name, JSON.parse(bytes.toString())]),
    );
    const validate = new Ajv({ allErrors: true }).compile(EXPORT_SCHEMA as object);
    assert.ok(validate(document), JSON.stringify(validate.errors));

    assert.equal(document['account.json'].emailAddress, student.emailAddress);
    // The 120 minutes given, the 15 the conversation took (reserved with the clock set back).
    assert.deepEqual(document['minutes.json'].transactions.map((t: { minuteQuantity: number }) => t.minuteQuantity).sort(), [-15, 120]);
    assert.deepEqual(
      document['conversations.json'].map((c: { id: string }) => c.id),
      [mine],
    );
    assert.deepEqual(
      document['conversations.json'][0].chat.map((m: { from: string; text: string }) => [m.from, m.text]),
      [
        ['you', 'Me gusta la sobremesa'],
        ['the speaker', 'A mí también, speaker line'],
      ],
    );
    assert.equal(files.get(`recordings/${mine}.webm`)?.toString(), 'the student’s recording');
    assert.deepEqual(
      document['recordings.json'].map((r: { file: string }) => r.file),
      [`recordings/${mine}.webm`],
    );
    // Nothing of the other student nor the speaker's identity, in any file.
    const everything = [...files.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    const absents = [
      other.accountId,
      other.emailAddress,
      theirs,
      'Secreto del otro',
      'other student’s recording',
      speaker.accountId,
      speaker.emailAddress,
    ];
    for (const absent of absents) assert.ok(!everything.includes(absent), `the export holds ${absent}`);
  });

  it('records every admin view of a person’s data, once a window, and shows each person only their own', async () => {
    const auditor = await createAdmin(app, 'audit-admin@example.com', 'Adm1nPassword');
    await app.runtime.people.changeUser({ actor: SYSTEM_ACTOR }, { accountId: auditor.accountId, change: { displayName: 'Audit Admin' } });
    const seen = await createStudent(app, 60);
    await app.runtime.people.changeUser({ actor: SYSTEM_ACTOR }, { accountId: seen.accountId, change: { displayName: 'Zqaudit Student' } });
    const inConversation = await createStudent(app, 60);
    const seenSpeaker = await createSpeaker(app);
    await reserveOpenableNow(app, seenSpeaker, inConversation);
    const instructorEmail = 'audit-instructor@example.com';
    const { accountId: instructorId } = await app.runtime.identity.register(
      { actor: SYSTEM_ACTOR },
      { emailAddress: instructorEmail, password: 'Instruct0rPass!', roles: ['INSTRUCTOR'] },
    );
    const instructor = { accountId: instructorId, token: await signIn(app, instructorEmail, 'Instruct0rPass!') };
    const ok = (res: { errors?: unknown }) => assert.equal(res.errors, undefined, JSON.stringify(res.errors));

    // The person's page, twice within the window: one record. The admin's own page: none.
    for (let i = 0; i < 2; i++) ok(await app.gql(PERSON_PAGE, { id: seen.accountId }, auditor.token));
    ok(await app.gql(PERSON_PAGE, { id: seenSpeaker.accountId }, auditor.token));
    ok(await app.gql(PERSON_PAGE, { id: instructor.accountId }, auditor.token));
    ok(await app.gql(PERSON_PAGE, { id: auditor.accountId }, auditor.token));

    // The quick search without personal details records nothing; with them, each person shown, once a window.
    await eventually(async () => {
      const res = await app.gql(SEARCH, { q: 'Zqaudit', pii: false }, auditor.token);
      return res.data?.quickSearch.students.some(
        (h: { id: string; emailAddress: string | null }) => h.id === seen.accountId && !h.emailAddress,
      );
    }, 'the student in the search without personal details');
    for (let i = 0; i < 2; i++) {
      const res = await app.gql(SEARCH, { q: 'Zqaudit', pii: true }, auditor.token);
      assert.equal(res.data.quickSearch.students[0].emailAddress, seen.emailAddress);
    }
    // A conversation found by one address shows both: its student is recorded too.
    await eventually(async () => {
      const res = await app.gql(SEARCH, { q: seenSpeaker.emailAddress, pii: true }, auditor.token);
      return res.data?.quickSearch.conversations.length > 0;
    }, 'the speaker’s conversation in the search');

    // An export run for the person, with the admin's reason; a reason for one's own export is refused.
    const reason = 'Ticket 42: the school asked for it';
    ok(await app.gql(REQUEST, { input: { personId: seen.accountId, reason } }, auditor.token));
    assert.equal(codeOf(await app.gql(REQUEST, { input: { reason: 'mine' } }, seen.token)), 'BAD_USER_INPUT');
    assert.equal(
      codeOf(await app.gql(REQUEST, { input: { personId: seen.accountId, reason: 'x'.repeat(501) } }, auditor.token)),
      'BAD_USER_INPUT',
    );
    await eventually(
      async () => (await app.gql(STATUS, { personId: seen.accountId }, auditor.token)).data?.dataExport?.status === 'READY',
      'the audited export',
    );

    // The student reads their own: newest first, the admin by name, never by address.
    const own = await eventually(async () => {
      const res = await app.gql(ACCESSES, {}, seen.token);
      return res.data?.personalDataAccesses.totalCount === 3 && res;
    }, 'three records of the student');
    assert.deepEqual(
      own.data.personalDataAccesses.edges.map((e: { node: unknown }) => e.node),
      [
        { view: 'DATA_EXPORT', viewerName: 'Audit Admin', reason },
        { view: 'QUICK_SEARCH', viewerName: 'Audit Admin', reason: null },
        { view: 'PERSON_PAGE', viewerName: 'Audit Admin', reason: null },
      ],
    );
    assert.ok(!JSON.stringify(own).includes('audit-admin@example.com'));
    // The person's export holds them too (access.json), the admin as "the school".
    const accessPart = EXPORT_PARTS.find((p) => p.file === 'access.json')!.part;
    const exported = (await accessPart({ pool: app.runtime.pool, store: app.runtime.store }, seen.accountId)) as Record<string, unknown>[];
    assert.deepEqual(
      exported.map(({ viewer, view, reason: why }) => ({ viewer, view, reason: why })),
      [
        { viewer: 'the school', view: 'PERSON_PAGE', reason: null },
        { viewer: 'the school', view: 'QUICK_SEARCH', reason: null },
        { viewer: 'the school', view: 'DATA_EXPORT', reason },
      ],
    );
    const validateAccess = new Ajv({ allErrors: true }).compile(
      (EXPORT_SCHEMA as { properties: Record<string, object> }).properties['access.json'],
    );
    assert.ok(validateAccess(JSON.parse(JSON.stringify(exported))), JSON.stringify(validateAccess.errors));
    // The grain: two page views and two searches within the window are one event each.
    for (const view of ['PERSON_PAGE', 'QUICK_SEARCH'] as const)
      assert.equal((await app.runtime.store.readStream(dataAccessStream(seen.accountId, auditor.accountId, view))).length, 1, view);
    // Paged: two, then the last one.
    const first = (await app.gql(ACCESSES, { first: 2 }, seen.token)).data.personalDataAccesses;
    assert.equal(first.edges.length, 2);
    const rest = (await app.gql(ACCESSES, { first: 2, after: first.pageInfo.endCursor }, seen.token)).data.personalDataAccesses;
    assert.deepEqual(
      rest.edges.map((e: { node: { view: string } }) => e.node.view),
      ['PERSON_PAGE'],
    );
    assert.equal(rest.pageInfo.hasNextPage, false);

    const viewsOf = async (token: string, personId?: string) => {
      const res = await app.gql(ACCESSES, { personId }, token);
      ok(res);
      return res.data.personalDataAccesses.edges.map((e: { node: { view: string } }) => e.node.view);
    };
    assert.deepEqual(
      await eventually(async () => (await viewsOf(seenSpeaker.token)).length === 2 && viewsOf(seenSpeaker.token), 'the speaker’s'),
      ['QUICK_SEARCH', 'PERSON_PAGE'],
    );
    assert.deepEqual(await viewsOf(inConversation.token), ['QUICK_SEARCH']);
    assert.deepEqual(await viewsOf(instructor.token), ['PERSON_PAGE']);
    assert.deepEqual(await viewsOf(auditor.token), [], 'an admin’s look at their own data is not recorded');
    assert.equal((await viewsOf(admin.token, seen.accountId)).length, 3, 'another admin reads the student’s');

    // Nobody else reads them: a student, a speaker, an instructor asking for another's is refused.
    for (const [who, whose] of [
      [seen.token, seenSpeaker.accountId],
      [seenSpeaker.token, seen.accountId],
      [instructor.token, seen.accountId],
      [other.token, seen.accountId],
    ])
      assert.equal(codeOf(await app.gql(ACCESSES, { personId: whose }, who)), 'UNAUTHORIZED');
  });

  it('refuses a student another person’s export; an admin may run it for anyone', async () => {
    const refused = await app.gql(REQUEST, { input: { personId: other.accountId } }, student.token);
    assert.equal(codeOf(refused), 'UNAUTHORIZED');
    assert.equal(codeOf(await app.gql(STATUS, { personId: other.accountId }, student.token)), 'UNAUTHORIZED');

    const started = await app.gql(REQUEST, { input: { personId: other.accountId } }, admin.token);
    assert.equal(started.errors, undefined, JSON.stringify(started.errors));
    await eventually(
      async () => (await app.gql(STATUS, { personId: other.accountId }, admin.token)).data?.dataExport?.status === 'READY',
      'the admin’s export of the other student',
    );
    assert.equal(codeOf(await app.gql(REQUEST, { input: { personId: 'no-such-person' } }, admin.token)), 'NOT_FOUND');
  });
});
