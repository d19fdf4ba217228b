/** Live support use cases (issue 9): the visitor writes, the staff answers (mailed when the visitor is away). */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import { mailLocale } from '../people/mailLocale';
import type { Mailer } from '../notifications/mailer';
import { fold } from '../shared/decider';
import { newId } from '../shared/ids';
import {
  decidePostSupport,
  evolveSupportThread,
  initialSupportThread,
  supportStream,
  type SupportEvent,
  type SupportMessagePosted,
} from './support';

export interface SupportDeps {
  commands: CommandExecutor;
  mailer: Mailer;
  /** Public origin of the web app, for the link in the mail. */
  publicUrl: string;
}

export function supportHandlers(deps: SupportDeps) {
  return {
    /**
     * Posts on `visitorId`'s thread. An answer from the staff with `mailTo` (the visitor is away)
     * is mailed to that address in the same append, so it is sent once whatever happens after.
     */
    async post(meta: CommandMeta, input: { visitorId: string; body: string; fromStaff: boolean; mailTo?: string | null }) {
      return deps.commands.execute(meta, async (tx) => {
        const stream = supportStream(input.visitorId);
        const thread = fold(evolveSupportThread, initialSupportThread(), (await tx.read(stream)) as SupportEvent[]);
        const events = decidePostSupport(thread, { ...input, authorId: tx.actor.accountId ?? 'system', messageId: newId() }, tx.now);
        tx.append(stream, events);
        const posted = (events[0] as SupportMessagePosted).data;
        if (input.fromStaff && input.mailTo) {
          deps.mailer.queue(tx, {
            recipient: { accountId: input.visitorId, emailAddress: input.mailTo },
            templateKey: 'support_answer',
            templateValue: { answer: posted.body, link: `${deps.publicUrl}/?help=open` },
            locale: await mailLocale(tx, input.visitorId, undefined),
          });
        }
        return posted;
      });
    },
  };
}

export type SupportHandlers = ReturnType<typeof supportHandlers>;
