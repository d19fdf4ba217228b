/**
 * Speaking use cases: inviting speakers (identity's invitation, mailed), rescinding, the interview
 * (a conversation stream and the speaking record in one append), evaluation and speaking settings.
 */
import type { Locale } from '../../../contracts/i18n/locales';
import { Messages } from '../../../contracts/errors';
import { SpeakerMessages } from '../../../contracts/speaking';
import { emailError, normalizeEmail } from '../../../contracts/validation/email';
import type { Role } from '../../../contracts/roles';
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { evolveConversation, type ConversationState } from '../conversations/conversation';
import { conversationStream, type ConversationEvent, type ConversationReserved } from '../conversations/events';
import { accountIdForEmail, issueInvitationInTx } from '../identity/handlers';
import type { InvitationIssued } from '../identity/events';
import type { Mailer } from '../notifications/mailer';
import { fold } from '../shared/decider';
import { DomainError, badInput, conflict, notFound } from '../shared/errors';
import { newId } from '../shared/ids';
import { type Evaluation, type SpeakerInvitationSent, type SpeakingEvent, speakingStreams } from './events';
import {
  decideChangeSettings,
  decideEvaluate,
  decideInterview,
  decideOpen,
  evolveSpeaking,
  initialSpeaking,
  type SpeakingState,
} from './speaking';

export interface SpeakingDeps {
  commands: CommandExecutor;
  mailer: Mailer;
  /** Public origin of the web app, for the invitation link. */
  publicUrl: string;
  /** The video provider new conversations get (configuration; 'local' by default). */
  videoProvider: string;
  /** Finds identity's invitation stream of an invitation id (the speakers read model knows it). */
  invitationStreamOf: (invitationId: string) => Promise<string | null>;
}

/** Interviews last 30 minutes and start when staff opens them. */
export const INTERVIEW_MINUTES = 30;

const isSpeakerRole = (role: string) => role === 'SPEAKER' || role === 'ONBOARDING_SPEAKER';

async function loadSpeaking(tx: CommandTransaction, speakerId: string): Promise<SpeakingState> {
  return fold(evolveSpeaking, initialSpeaking(), (await tx.read(speakingStreams.speaking(speakerId))) as SpeakingEvent[]);
}

/** Whether the interview conversation can no longer be held: it was held, missed or canceled. */
async function interviewIsOver(tx: CommandTransaction, conversationId: string): Promise<boolean> {
  const events = (await tx.read(conversationStream(conversationId))) as ConversationEvent[];
  const c = events.reduce<ConversationState | null>(evolveConversation, null);
  if (!c || c.canceled || c.status === 'stopped' || c.status === 'unused') return true;
  // Reserved or opened past its end is missed (the unused timer may not have run yet).
  return c.status !== 'started' && tx.now.getTime() >= c.end.getTime();
}

interface InvitationFacts {
  issued: InvitationIssued['data'] | null;
  accepted: boolean;
  rescinded: boolean;
}
async function readInvitation(tx: CommandTransaction, stream: string): Promise<InvitationFacts> {
  const events = await tx.read(stream);
  return {
    issued: (events.find((e) => e.type === 'InvitationIssued') as InvitationIssued | undefined)?.data ?? null,
    accepted: events.some((e) => e.type === 'InvitationAccepted'),
    rescinded: events.some((e) => e.type === 'InvitationRescinded'),
  };
}

/**
 * Opens the speaking record when a speaker invitation is accepted, inside the sign-up's append
 * (wired as identity's onInvitationAccepted).
 */
export function openSpeakingRecordOnAcceptance(
  tx: CommandTransaction,
  accepted: { invitationId: string; accountId: string; emailAddress: string; role: Role },
) {
  if (!isSpeakerRole(accepted.role)) return;
  tx.append(
    speakingStreams.speaking(accepted.accountId),
    decideOpen(initialSpeaking(), {
      speakerId: accepted.accountId,
      invitationId: accepted.invitationId,
      emailAddress: accepted.emailAddress,
    }),
    'no_stream',
  );
}

export function speakingHandlers(deps: SpeakingDeps) {
  const { commands } = deps;

  return {
    /**
     * Mails an invitation to sign up as a speaker. Refused when the address has an account or an
     * open (not accepted, not rescinded) invitation; the address's invitations stream guards that.
     */
    async inviteSpeaker(meta: CommandMeta, input: { emailAddress: string; locale?: Locale }) {
      const trimmed = input.emailAddress.trim();
      if (!trimmed) throw badInput(SpeakerMessages.emailRequired, { emailAddress: SpeakerMessages.emailRequired });
      const problem = emailError(trimmed);
      if (problem) throw badInput(problem, { emailAddress: problem });
      const emailAddress = normalizeEmail(trimmed);
      return commands.execute(meta, async (tx) => {
        if (await accountIdForEmail(tx, emailAddress)) throw badInput(Messages.emailTaken, { emailAddress: Messages.emailTaken });
        const sent = (await tx.read(speakingStreams.invitationsTo(emailAddress))) as unknown as SpeakerInvitationSent[];
        const last = sent.at(-1);
        if (last) {
          const facts = await readInvitation(tx, last.data.invitationStream);
          if (facts.issued && !facts.accepted && !facts.rescinded) {
            throw new DomainError('CONFLICT', SpeakerMessages.invitationOpen, { emailAddress: SpeakerMessages.invitationOpen });
          }
        }
        const { invitationId, token, stream } = issueInvitationInTx(tx, { emailAddress, role: 'ONBOARDING_SPEAKER', expiresAt: null });
        tx.append(speakingStreams.invitationsTo(emailAddress), [
          { type: 'SpeakerInvitationSent', data: { invitationId, emailAddress, invitationStream: stream } },
        ]);
        const invitationLink = `${deps.publicUrl}/auth/sign_up?token=${encodeURIComponent(token)}&email_address=${encodeURIComponent(emailAddress)}`;
        deps.mailer.queue(tx, {
          recipient: { accountId: null, emailAddress },
          templateKey: 'speaker_invitation',
          templateValue: { emailAddress },
          secrets: { invitationLink },
          locale: input.locale,
        });
        return { invitationId };
      });
    },

    /** Withdraws an invitation that was not accepted; its link stops working. Rescinding twice is a no-op. */
    async rescindSpeaker(meta: CommandMeta, input: { invitationId: string }) {
      const stream = await deps.invitationStreamOf(input.invitationId);
      if (!stream) throw notFound(SpeakerMessages.invitationNotFound);
      return commands.execute(meta, async (tx) => {
        const facts = await readInvitation(tx, stream);
        if (!facts.issued || facts.issued.invitationId !== input.invitationId) throw notFound(SpeakerMessages.invitationNotFound);
        if (facts.accepted) throw conflict(SpeakerMessages.invitationNotOpen);
        if (facts.rescinded) return false;
        tx.append(stream, [{ type: 'InvitationRescinded', data: { invitationId: input.invitationId } }]);
        return true;
      });
    },

    /**
     * Schedules the interview: a conversation of kind interview between the admin and the speaker,
     * starting now, appended ('no_stream') with InterviewScheduled on the speaking record in one
     * command. A speaker whose interview can still be held gets it back (the API then opens it).
     */
    async interviewSpeaker(meta: CommandMeta, input: { speakerId: string }) {
      return commands.execute(meta, async (tx) => {
        const state = await loadSpeaking(tx, input.speakerId);
        const conversationId = newId();
        const previousIsOver = !!state.interviewId && (await interviewIsOver(tx, state.interviewId));
        const events = decideInterview(state, { conversationId, previousIsOver }, { now: tx.now, actor: tx.actor });
        if (!events.length) return { conversationId: state.interviewId!, created: false };
        const start = tx.now;
        const reserved: ConversationReserved = {
          type: 'ConversationReserved',
          data: {
            conversationId,
            kind: 'interview',
            provider: deps.videoProvider,
            reservedBy: tx.actor.accountId ?? '',
            reservedWith: input.speakerId,
            reservedStart: start.toISOString(),
            reservedEnd: new Date(start.getTime() + INTERVIEW_MINUTES * 60_000).toISOString(),
            duration: INTERVIEW_MINUTES,
            learningLanguage: state.languages[0] ?? 'en',
            courseId: null,
            lessonId: null,
            minutes: 0,
            archiveOnStart: false,
          },
        };
        tx.append(conversationStream(conversationId), [reserved], 'no_stream');
        tx.append(speakingStreams.speaking(input.speakerId), events);
        return { conversationId, created: true };
      });
    },

    async evaluateSpeaker(meta: CommandMeta, input: { speakerId: string; evaluation: Evaluation }) {
      return commands.execute(meta, async (tx) => {
        const state = await loadSpeaking(tx, input.speakerId);
        tx.append(speakingStreams.speaking(input.speakerId), decideEvaluate(state, input));
        return true;
      });
    },

    async changeUserSpeaking(meta: CommandMeta, input: { userId: string; languages: string[]; payRate: number }) {
      return commands.execute(meta, async (tx) => {
        const state = await loadSpeaking(tx, input.userId);
        tx.append(speakingStreams.speaking(input.userId), decideChangeSettings(state, input));
        return true;
      });
    },

    /** The seed: a promoted speaker with languages and a pay rate, exactly as the admin flow leaves one. */
    async seedPromotedSpeaker(meta: CommandMeta, input: { speakerId: string; emailAddress: string; languages: string[]; payRate: number }) {
      return commands.execute(meta, async (tx) => {
        let state = await loadSpeaking(tx, input.speakerId);
        const events: SpeakingEvent[] = [];
        const step = (more: SpeakingEvent[]) => {
          events.push(...more);
          state = fold(evolveSpeaking, state, more);
        };
        step(decideOpen(state, { speakerId: input.speakerId, invitationId: null, emailAddress: normalizeEmail(input.emailAddress) }));
        step(decideEvaluate(state, { evaluation: 'promote' }));
        step(decideChangeSettings(state, input));
        tx.append(speakingStreams.speaking(input.speakerId), events);
        return true;
      });
    },
  };
}

export type SpeakingHandlers = ReturnType<typeof speakingHandlers>;
