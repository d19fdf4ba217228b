/**
 * Field-level privacy of people (issue 27, finding 3; services/api/privacy.ts, docs/privacy.md).
 *
 * 1. Every path of the schema — from Query, Mutation and Subscription, through every object field,
 *    derived from contracts/schema as the fuzz test derives its operations — that reaches a private
 *    field of `User` or `Account` ends at a resolver guarded by the one privacy table.
 * 2. Every private field, as every role but admin (signed out, student, instructor, speaker)
 *    reading another person, is null or refused; through HTTP the person and an admin read it.
 * 3. Through HTTP, the paths the issue found leaking: a student harvesting speakers' addresses
 *    through availableSpeakers and its speaker through reservedWith; a speaker reading their
 *    student's account through reservedBy and otherUsers; an instructor through allSpeakers.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { resolvers } from '../../services/api/resolvers';
import { PRIVACY_GUARD, PRIVATE_FIELDS } from '../../services/api/privacy';
import { loadSchema } from '../support/fuzz/schema';
import { createAdmin, signUpOnboarded, startTestApp, type TestApp } from '../support/app';
import { addAvailability, createSpeaker, createStudent, hoursAhead, RESERVE } from '../support/scheduling';

/** Every path from a root to a private field, no type twice on one path. */
function privatePaths(): string[] {
  const schema = loadSchema();
  const paths: string[] = [];
  const walk = (type: GraphQLObjectType, path: string[], seen: Set<string>) => {
    for (const [name, field] of Object.entries(type.getFields())) {
      const here = [...path, name];
      const audience = (PRIVATE_FIELDS as Record<string, Record<string, unknown>>)[type.name]?.[name];
      if (audience) paths.push(`${here.join('.')} (${type.name}.${name})`);
      const next = getNamedType(field.type);
      if (isObjectType(next) && !seen.has(next.name)) walk(next, here, new Set([...seen, next.name]));
    }
  };
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (root) walk(root, [root.name], new Set([root.name]));
  }
  return paths;
}

const PRIVATE = Object.entries(PRIVATE_FIELDS).flatMap(([type, fields]) =>
  Object.entries(fields).map(([field, audience]) => ({ type, field, audience })),
);
const OWNER = 'owner-account-id';
const viewerOf = (accountId: string, roles: string[]) => ({ accountId, sessionId: `session-${accountId}`, roles });
const ROLES = {
  'signed out': null,
  student: viewerOf('a-student', ['STUDENT']),
  instructor: viewerOf('an-instructor', ['INSTRUCTOR']),
  speaker: viewerOf('a-speaker', ['SPEAKER']),
  'onboarding speaker': viewerOf('a-new-speaker', ['ONBOARDING_SPEAKER']),
};

describe('the privacy table covers every path', () => {
  it('every schema path to a private field of User or Account ends at a guarded resolver', () => {
    const paths = privatePaths();
    console.log(`privacy: ${paths.length} schema paths reach the ${PRIVATE.length} private fields of User and Account`);
    assert.ok(paths.length > 100, `${paths.length} paths`);
    for (const { type, field, audience } of PRIVATE) {
      const resolve = (resolvers as any)[type][field];
      assert.deepEqual(resolve?.[PRIVACY_GUARD], audience, `${type}.${field} is guarded by the table`);
      assert.ok(
        paths.some((p) => p.endsWith(`(${type}.${field})`)),
        `${type}.${field} is reachable`,
      );
    }
  });

  it("another person's private field is null or refused for every role but admin", async () => {
    const schema = loadSchema();
    for (const { type, field } of PRIVATE) {
      const resolve = (resolvers as any)[type][field] ?? defaultFieldResolver;
      const returnType = (schema.getType(type) as GraphQLObjectType).getFields()[field].type;
      const info = { returnType, fieldName: field } as unknown as GraphQLResolveInfo;
      // The parent carries the field itself: a refusal must not fall through to it.
      const parent = { id: OWNER, [field]: 'SECRET', emailAddress: 'owner@example.com', roles: [] };
      for (const [role, viewer] of Object.entries(ROLES)) {
        let answer: unknown;
        try {
          answer = await resolve(parent, {}, { viewer, runtime: null }, info);
        } catch (error) {
          answer = `refused: ${(error as Error).message}`;
        }
        assert.ok(
          answer === null || (typeof answer === 'string' && answer.startsWith('refused')),
          `${type}.${field} as ${role}: ${String(answer)}`,
        );
      }
    }
  });
});

describe('through HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, 'privacy');
  });
  afterAll(() => app?.close());

  it("no path the issue found tells a person's address, sign-in or reset times to another", async () => {
    const speaker = await createSpeaker(app, ['es']);
    const student = await createStudent(app, 120);
    const instructor = await signUpOnboarded(app, 'teacher.privacy@example.com', 'Passw0rd!', 'INSTRUCTOR');
    const admin = await createAdmin(app);
    const start = hoursAhead(30);
    await addAvailability(app, speaker, start, new Date(start.getTime() + 2 * 3600_000));
    const reserved = await app.gql(
      RESERVE,
      { input: { speakerId: speaker.accountId, reservedStart: start.toISOString(), language: 'es', duration: 15 } },
      student.token,
    );
    assert.equal(reserved.errors, undefined, JSON.stringify(reserved.errors));
    const conversationId = reserved.data.createReservation.conversation.id;

    const ACCOUNT = 'id emailAddress account { emailAddress currentSignInAt currentSignInIp resetPasswordSentAt }';
    const leaks = (user: any) =>
      [
        user?.emailAddress,
        user?.account?.emailAddress,
        user?.account?.currentSignInAt,
        user?.account?.currentSignInIp,
        user?.account?.resetPasswordSentAt,
      ].filter((v) => v != null);
    const read = async (query: string, token: string, pick: (data: any) => any[], what: string) => {
      const res = await app.gql(query, {}, token);
      const people = res.data ? pick(res.data).filter(Boolean) : [];
      // Refused (an error, nothing of the person) or answered with the private fields null.
      for (const person of people) assert.deepEqual(leaks(person), [], `${what}: ${JSON.stringify(person)}`);
      return { people, refused: !!res.errors?.length };
    };

    const harvest = await read(
      `{ availableSpeakers(first: 50) { edges { node { ${ACCOUNT} } } } }`,
      student.token,
      (d) => d.availableSpeakers.edges.map((e: any) => e.node),
      'a student through availableSpeakers',
    );
    assert.ok(harvest.refused || harvest.people.length === 0, 'the account of a speaker is refused to a student');
    const mine = `{ me { conversations(conversationId: "${conversationId}") { reservedBy { ${ACCOUNT} } reservedWith { ${ACCOUNT} } otherUsers { ${ACCOUNT} } } } }`;
    await read(
      mine,
      student.token,
      (d) => d.me?.conversations.flatMap((c: any) => [c.reservedWith, ...c.otherUsers]) ?? [],
      'a student reading their speaker',
    );
    await read(
      mine,
      speaker.token,
      (d) => d.me?.conversations.flatMap((c: any) => [c.reservedBy, ...c.otherUsers]) ?? [],
      'a speaker reading their student',
    );
    await read(
      `{ allSpeakers { speakers { ${ACCOUNT} } } }`,
      instructor.token,
      (d) => d.allSpeakers.speakers,
      'an instructor through allSpeakers',
    );

    // The names the screens show still come through; the person and an admin read the rest.
    const named = await app.gql(
      `{ me { conversations(conversationId: "${conversationId}") { reservedWith { id displayName headshotUrl emailAddress } } } }`,
      {},
      student.token,
    );
    assert.equal(named.data.me.conversations[0].reservedWith.id, speaker.accountId);
    assert.equal(named.data.me.conversations[0].reservedWith.emailAddress, null);
    const self = await app.gql(`{ me { ${ACCOUNT} } }`, {}, student.token);
    assert.equal(self.data.me.account.emailAddress, student.emailAddress);
    const byAdmin = await app.gql(`query($id: ID!) { user(userId: $id) { ${ACCOUNT} } }`, { id: student.accountId }, admin.token);
    assert.equal(byAdmin.data.user.account.emailAddress, student.emailAddress);
  });
});
