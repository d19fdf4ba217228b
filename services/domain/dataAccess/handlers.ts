/**
 * Recording admins' views of personal data (issue 34): called where the data is served (the `user`
 * and `quickSearch` resolvers, the export's request), never on the browser's word. A view is written
 * before the data leaves: when the record cannot be written the caller fails and nothing is shown.
 */
import type { CommandExecutor, CommandMeta, CommandTransaction } from '../../commands/execute';
import { fold } from '../shared/decider';
import {
  type PersonalDataView,
  type PersonalDataViewed,
  dataAccessStream,
  decideRecordView,
  evolveDataAccess,
  initialDataAccess,
} from './dataAccess';

export interface ViewedPerson {
  personId: string;
  view: PersonalDataView;
  reason?: string | null;
}

/** Appends, inside a command, the views of `viewerId` that the grain lets through. */
export async function appendViews(
  tx: Pick<CommandTransaction, 'readLast' | 'append' | 'now'>,
  viewerId: string,
  views: readonly ViewedPerson[],
) {
  await Promise.all(
    views.map(async (v) => {
      const stream = dataAccessStream(v.personId, viewerId, v.view);
      const last = await tx.readLast(stream);
      const state = fold(evolveDataAccess, initialDataAccess(), last ? [last] : []);
      const events = decideRecordView(state, { ...v, viewerId }, tx.now);
      if (events.length) tx.append(stream, events as PersonalDataViewed[]);
    }),
  );
}

export function dataAccessHandlers(deps: { commands: CommandExecutor }) {
  return {
    /** Records what the actor (an admin; the caller checked) was shown: one command for all the people of one answer. */
    async record(meta: CommandMeta, views: readonly ViewedPerson[]) {
      const viewerId = meta.actor.accountId;
      const distinct = [...new Map(views.filter((v) => v.personId !== viewerId).map((v) => [`${v.personId} ${v.view}`, v])).values()];
      if (!viewerId || !distinct.length) return { result: undefined };
      return deps.commands.execute(meta, (tx) => appendViews(tx, viewerId, distinct));
    },
  };
}

export type DataAccessHandlers = ReturnType<typeof dataAccessHandlers>;
