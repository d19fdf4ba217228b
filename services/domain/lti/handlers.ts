/**
 * LTI 1.3 use cases (issue 33): registering a platform (admin), our signing key (made once, its
 * private half sealed), and a verified launch signing its person in. The id_token's checks happen
 * before (services/integrations/lti/launch.ts): a refused launch writes nothing.
 */
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Role } from '../../../contracts/roles';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { seal, unseal } from '../../security/tokens';
import { decideChangeRoles, decideSignIn, decideSwitchRole, evolveAccount, initialAccount } from '../identity/account';
import { streams as accountStreams, type AccountEvent } from '../identity/events';
import { accountIdForEmail, registerInTx } from '../identity/handlers';
import { fold } from '../shared/decider';
import { newId } from '../shared/ids';
import { LaunchRefused, type VerifiedLaunch } from './claims';
import {
  ltiStreams,
  type LtiRosterEvent,
  type LtiAccountLinked,
  type LtiCourseLinked,
  type LtiLaunched,
  type LtiLineItemCreated,
  type LtiScoreEvent,
  type LtiScoreFailed,
  type LtiScoreSending,
  type LtiToolKeyGenerated,
  type PlatformSettings,
} from './events';
import {
  checkPlatformSettings,
  decideChangePlatform,
  decideRegisterPlatform,
  evolvePlatform,
  initialPlatform,
  registrationKey,
  PlatformMessages,
} from './platform';
import { conflict } from '../shared/errors';
import { isEnrollableStudent, loadRosterCourse, placesOf, rosterEnroller, takeRosterPlacesInTx } from './roster';

export interface ToolKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
}

export interface LtiDeps {
  commands: CommandExecutor;
  serverSecret: string;
  /** Fetches and parses a platform's JWKS; throws BAD_USER_INPUT saying what failed. */
  checkKeySet: (jwksUrl: string) => Promise<void>;
  /** The LMS users (their roster streams' keys) holding a pending course place under this address (the lti read model). */
  rosterPeopleByEmail: (emailAddress: string) => Promise<string[]>;
}

export interface RosterLearner {
  subject: string;
  emailAddress: string | null;
}

/** Accounts that an LMS's word on an email address may never sign in: the back-office and speakers. */
const NOT_LINKABLE: readonly Role[] = ['ADMIN', 'SPEAKER', 'ONBOARDING_SPEAKER'];

export const userKey = (issuer: string, subject: string) =>
  crypto.createHash('sha256').update(`${issuer}\n${subject}`, 'utf8').digest('hex');

async function loadPlatform(tx: CommandTransaction, platformId: string) {
  return fold(evolvePlatform, initialPlatform(), await tx.read(ltiStreams.platform(platformId)));
}

async function loadAccount(tx: CommandTransaction, accountId: string) {
  return fold(evolveAccount, initialAccount(), (await tx.read(accountStreams.account(accountId))) as AccountEvent[]);
}

/**
 * An account found for a launch: refused when it is one an LMS may not sign in; the launch's role
 * added when missing (in its onboarding form, as an admin's grant would) and made active; signed in.
 */
async function signInLinked(tx: CommandTransaction, accountId: string, role: 'STUDENT' | 'INSTRUCTOR', ip: string | null) {
  let state = await loadAccount(tx, accountId);
  if (state.roles.some((r) => NOT_LINKABLE.includes(r))) throw new LaunchRefused('linkedElsewhere');
  const holds = (r: Role) => r === role || r === `ONBOARDING_${role}`;
  const events: AccountEvent[] = [];
  const take = (decided: AccountEvent[]) => {
    events.push(...decided);
    state = fold(evolveAccount, state, decided);
  };
  if (!state.roles.some(holds)) take(decideChangeRoles(state, { add: [role], remove: [] }));
  take(decideSwitchRole(state, { role: state.roles.find(holds)! }));
  const sessionId = crypto.randomUUID();
  const signedIn = decideSignIn(state, { sessionId, ip }, tx);
  take(signedIn);
  tx.append(accountStreams.account(accountId), events);
  return { sessionId, expiresAt: (signedIn[0].data as { expiresAt: string }).expiresAt };
}

/** Records which LMS course (and its roster service) a course is placed in, when a launch says and it changed. */
async function linkCourse(tx: CommandTransaction, platformId: string, courseId: string | null, launch: VerifiedLaunch) {
  if (!courseId || !launch.contextId || !launch.membershipsUrl) return;
  const link: LtiCourseLinked['data'] = {
    courseId,
    platformId,
    contextId: launch.contextId,
    contextTitle: launch.contextTitle,
    membershipsUrl: launch.membershipsUrl,
  };
  const last = (await tx.readLast(ltiStreams.course(courseId))) as LtiCourseLinked | null;
  if (last && JSON.stringify(last.data) === JSON.stringify(link)) return;
  tx.append(ltiStreams.course(courseId), [{ type: 'LtiCourseLinked', data: link }]);
}

export function ltiHandlers(deps: LtiDeps) {
  const { commands } = deps;
  let toolKey: Promise<ToolKey> | null = null;

  async function generateOrRead(): Promise<ToolKey> {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const fresh: LtiToolKeyGenerated = {
      type: 'LtiToolKeyGenerated',
      data: {
        kid,
        publicJwk: { ...(publicJwk as Record<string, string>), kid, alg: 'RS256', use: 'sig' },
        sealedPrivateJwk: seal(deps.serverSecret, JSON.stringify(await exportJWK(pair.privateKey))),
      },
    };
    const { result } = await commands.execute({ actor: { accountId: null, roles: ['SYSTEM'] } }, async (tx) => {
      const existing = (await tx.read(ltiStreams.toolKey()))[0] as LtiToolKeyGenerated | undefined;
      if (existing) return existing.data;
      tx.append(ltiStreams.toolKey(), [fresh], 'no_stream');
      return fresh.data;
    });
    const privateJwk = JSON.parse(unseal(deps.serverSecret, result.sealedPrivateJwk)) as JWK;
    return { kid: result.kid, publicJwk: result.publicJwk, privateKey: (await importJWK(privateJwk, 'RS256')) as CryptoKey };
  }

  return {
    /** Our signing key: read from the log, or made and recorded the first time (one, whoever races). */
    toolKey(): Promise<ToolKey> {
      toolKey ??= generateOrRead().catch((error) => {
        toolKey = null;
        throw error;
      });
      return toolKey;
    },

    async registerPlatform(meta: CommandMeta, input: PlatformSettings) {
      const settings = checkPlatformSettings(input);
      await deps.checkKeySet(settings.jwksUrl);
      const platformId = newId();
      return commands.execute(meta, async (tx) => {
        const claim = ltiStreams.registration(registrationKey(settings.issuer, settings.clientId));
        if ((await tx.read(claim)).length) throw conflict(PlatformMessages.registered);
        const events = decideRegisterPlatform(await loadPlatform(tx, platformId), { platformId, settings }, tx);
        tx.append(claim, [{ type: 'LtiRegistrationClaimed', data: { platformId } }], 'no_stream');
        tx.append(ltiStreams.platform(platformId), events, 'no_stream');
        return { platformId };
      });
    },

    async changePlatform(meta: CommandMeta, input: Omit<PlatformSettings, 'issuer' | 'clientId'> & { platformId: string }) {
      const { platformId, ...rest } = input;
      return commands.execute(meta, async (tx) => {
        const state = await loadPlatform(tx, platformId);
        const { name, deploymentIds, authLoginUrl, accessTokenUrl, jwksUrl } = checkPlatformSettings({
          ...rest,
          issuer: state.settings?.issuer ?? 'https://unknown.invalid',
          clientId: state.settings?.clientId ?? 'unknown',
        });
        const events = decideChangePlatform(state, { settings: { name, deploymentIds, authLoginUrl, accessTokenUrl, jwksUrl } }, tx);
        if (events.length && jwksUrl !== state.settings?.jwksUrl) await deps.checkKeySet(jwksUrl);
        tx.append(ltiStreams.platform(platformId), events);
        return { changed: events.length > 0 };
      });
    },

    /**
     * A verified launch: the platform's user is found by (issuer, sub), else linked by email, else
     * made just in time; the mapped role is added when missing and made active; the person is
     * signed in; the launch is recorded.
     */
    async launch(
      meta: CommandMeta,
      input: { platformId: string; issuer: string; launch: VerifiedLaunch; ip: string | null; courseId: string | null },
    ) {
      const { launch } = input;
      return commands.execute(meta, async (tx) => {
        await linkCourse(tx, input.platformId, input.courseId, launch);
        const userStream = ltiStreams.user(userKey(input.issuer, launch.subject));
        // The stream grows by a launch each time; its last event (linked or launched) names the account.
        const last = (await tx.readLast(userStream)) as LtiAccountLinked | LtiLaunched | null;
        let accountId = last?.data.accountId ?? null;
        let created = false;
        let createdSession: { sessionId: string; expiresAt: string } | null = null;
        if (!accountId) {
          if (!launch.email) throw new LaunchRefused('email');
          const owner = await accountIdForEmail(tx, launch.email);
          if (owner) {
            accountId = owner;
          } else {
            // No password: the person signs in from the course, or sets one with "forgot password".
            const grant = registerInTx(tx, {
              emailAddress: launch.email,
              passwordHash: '',
              roles: [`ONBOARDING_${launch.role}` as Role],
              via: 'lti',
              ip: input.ip,
            });
            accountId = grant.accountId;
            createdSession = { sessionId: grant.sessionId, expiresAt: grant.expiresAt };
            created = true;
          }
          tx.append(
            userStream,
            [
              {
                type: 'LtiAccountLinked',
                data: {
                  platformId: input.platformId,
                  issuer: input.issuer,
                  subject: launch.subject,
                  accountId,
                  via: created ? 'created' : 'email',
                },
              },
            ],
            'no_stream',
          );
        }
        const session = created ? null : await signInLinked(tx, accountId, launch.role, input.ip);
        // A learner's launch takes the places the roster kept for them (signInLinked gave a student the role).
        if (launch.role === 'STUDENT')
          await takeRosterPlacesInTx(tx, {
            personKey: userKey(input.issuer, launch.subject),
            accountId,
            roles: ['STUDENT'],
            via: 'launch',
          });
        tx.append(userStream, [
          {
            type: 'LtiLaunched',
            data: {
              platformId: input.platformId,
              deploymentId: launch.deploymentId,
              accountId,
              messageType: launch.messageType,
              role: launch.role,
              contextId: launch.contextId,
              resourceLinkId: launch.resourceLinkId,
            },
          },
        ]);
        return { accountId, role: launch.role, created, ...(session ?? createdSession!) };
      });
    },

    /**
     * The LMS roster's active learners into the course (its owner's press; the resolver checks who):
     * each one without a place here gets one; one whose LMS user is linked to a student's account is
     * enrolled at once. A learner already enrolled is left as is. Every place is its LMS user's
     * stream, read and appended at the version read: pressed twice, or by two people at once, a
     * learner gets one place.
     */
    async addRosterToCourse(meta: CommandMeta, input: { courseId: string; platformId: string; issuer: string; learners: RosterLearner[] }) {
      return commands.execute(meta, async (tx) => {
        const course = await loadRosterCourse(tx, input.courseId);
        const enroll = rosterEnroller(tx);
        // A user listed twice (a roster's pages shifting while read) is one learner.
        const learners = [...new Map(input.learners.map((l) => [l.subject, l])).values()];
        const keys = learners.map((l) => userKey(input.issuer, l.subject));
        const [placeStreams, links] = await Promise.all([
          Promise.all(keys.map((k) => tx.read(ltiStreams.rosterPerson(k)))),
          Promise.all(keys.map((k) => tx.readLast(ltiStreams.user(k)))),
        ]);
        const enrolledNow = new Set<string>();
        let added = 0;
        for (const [i, learner] of learners.entries()) {
          if (placesOf(placeStreams[i] as LtiRosterEvent[]).has(course.courseId)) continue;
          const accountId = (links[i] as LtiAccountLinked | LtiLaunched | null)?.data.accountId ?? null;
          const place = { courseId: course.courseId, platformId: input.platformId, subject: learner.subject };
          const events: LtiRosterEvent[] = [
            { type: 'LtiRosterPlaceOffered', data: { ...place, issuer: input.issuer, emailAddress: learner.emailAddress } },
          ];
          if (accountId && !enrolledNow.has(accountId) && isEnrollableStudent((await loadAccount(tx, accountId)).roles)) {
            if ((await enroll(course, accountId)) === 'already') continue;
            enrolledNow.add(accountId);
            events.push({ type: 'LtiRosterPlaceTaken', data: { ...place, accountId, via: 'linked' } });
          }
          tx.append(ltiStreams.rosterPerson(keys[i]), events);
          added++;
        }
        return { added, enrolledNow: enrolledNow.size };
      });
    },

    /**
     * Inside a sign-in's or a sign-up's command (identity's onSignedIn): the places the roster kept
     * under the account's address become its enrollments.
     */
    async takeRosterPlacesOnSignIn(tx: CommandTransaction, who: { accountId: string; emailAddress: string; roles: readonly Role[] }) {
      if (!isEnrollableStudent(who.roles)) return;
      const enroll = rosterEnroller(tx);
      for (const personKey of await deps.rosterPeopleByEmail(who.emailAddress))
        await takeRosterPlacesInTx(tx, { personKey, accountId: who.accountId, roles: who.roles, via: 'sign-in' }, enroll);
    },

    /** A placed lesson's line item, as the LMS created it. */
    async recordLineItem(meta: CommandMeta, input: LtiLineItemCreated['data']) {
      return commands.execute(meta, async (tx) => {
        tx.append(ltiStreams.lesson(input.lessonId), [{ type: 'LtiLineItemCreated', data: input }]);
      });
    },

    /**
     * A score about to be posted: recorded once per marking (its timestamp), so a post tried again
     * is the same score. `sent` when this marking's score, or a later one's, has already been
     * accepted: nothing is to be posted.
     */
    async scoreSending(meta: CommandMeta, input: LtiScoreSending['data']) {
      const { result, appended } = await commands.execute(meta, async (tx) => {
        const stream = ltiStreams.score(input.conversationId);
        const events = (await tx.read(stream)) as LtiScoreEvent[];
        const at = Date.parse(input.timestamp);
        if (events.some((e) => e.type === 'LtiScoreSent' && Date.parse(e.data.timestamp) >= at)) return { sent: true };
        const last = events.at(-1);
        if (!(last?.type === 'LtiScoreSending' && last.data.timestamp === input.timestamp))
          tx.append(stream, [{ type: 'LtiScoreSending', data: input }]);
        return { sent: false };
      });
      return { ...result, appended };
    },

    async scoreSent(meta: CommandMeta, input: { conversationId: string; timestamp: string }) {
      return commands.execute(meta, async (tx) => {
        tx.append(ltiStreams.score(input.conversationId), [{ type: 'LtiScoreSent', data: input }]);
      });
    },

    async scoreFailed(meta: CommandMeta, input: LtiScoreFailed['data']) {
      return commands.execute(meta, async (tx) => {
        tx.append(ltiStreams.score(input.conversationId), [{ type: 'LtiScoreFailed', data: input }]);
      });
    },
  };
}

export type LtiHandlers = ReturnType<typeof ltiHandlers>;
