/** Speaking time (issue 35): a participant's report, decided by speakingTime.ts on the conversation's facts. */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import { fold } from '../shared/decider';
import { readConversation } from './liveHandlers';
import { decideReportSpeaking, evolveSpeakingTime, initialSpeakingTime, type SpeakingTimeEvent, speakingTimeStream } from './speakingTime';

export function speakingTimeHandlers(deps: { commands: CommandExecutor }) {
  return {
    async report(meta: CommandMeta, input: { conversationId: string; participantId: string; speakingMs: number }) {
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const stream = speakingTimeStream(c.conversationId);
        const state = fold(evolveSpeakingTime, initialSpeakingTime(), (await tx.read(stream)) as SpeakingTimeEvent[]);
        const events = decideReportSpeaking(state, c, { participantId: input.participantId, speakingMs: input.speakingMs }, tx.now);
        if (events.length) tx.append(stream, events);
        return { recorded: events.length > 0 };
      });
    },
  };
}

export type SpeakingTimeHandlers = ReturnType<typeof speakingTimeHandlers>;
