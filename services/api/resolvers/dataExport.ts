/**
 * Download my data (issue 34): the viewer's own export, or anyone's for an admin (requireSelfOrAdmin).
 * The answer is the exports read model; the zip itself only leaves through the mailed link
 * (services/api/dataExport.ts).
 */
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { type DataExportRow, latestDataExport } from '../../../projections/exports';
import { DataAccessMessages, accessReason } from '../../domain/dataAccess/dataAccess';
import { badInput } from '../../domain/shared/errors';
import { requireSelfOrAdmin, requireViewer } from '../auth';
import { accountOrThrow, commandMeta, readBack, settled } from '../commandSupport';
import { ReadBackMessages } from '../apiMessages';
import type { ApiContext } from '../context';
import { enumValue } from '../enumValue';

const toGraphQL = (e: DataExportRow) => ({
  id: e.exportId,
  status: enumValue(e.status),
  partsDone: e.partsDone,
  partsTotal: e.partsTotal,
  requestedAt: e.requestedAt,
  readyAt: e.readyAt,
  expiresAt: e.expiresAt,
  downloadedAt: e.downloadedAt,
});

/** Whose export: the viewer's own, or (admins only) the person named. */
function personOf(ctx: ApiContext, personId: string | null | undefined): string {
  const id = personId ?? requireViewer(ctx.viewer).accountId;
  requireSelfOrAdmin(ctx.viewer, id);
  return id;
}

export const dataExportResolvers: Resolvers = {
  Query: {
    dataExport: async (_p, { personId }, ctx) => {
      const found = await latestDataExport(ctx.runtime.pool, personOf(ctx, personId));
      return found ? toGraphQL(found) : null;
    },
  },
  Mutation: {
    requestDataExport: async (_p, { input }, ctx) => {
      const personId = personOf(ctx, input.personId);
      const reason = accessReason(input.reason);
      if (reason && personId === ctx.viewer?.accountId)
        throw badInput(DataAccessMessages.reasonOwnData, { reason: DataAccessMessages.reasonOwnData });
      await accountOrThrow(ctx, personId);
      const { result, appended } = await ctx.runtime.dataExport.request(commandMeta(ctx), { personId, reason });
      await settled(ctx, appended ?? (result.checkpoint ? { checkpoint: result.checkpoint } : undefined), ['exports', 'dataaccess']);
      const found = await latestDataExport(ctx.runtime.pool, personId);
      return {
        dataExport: toGraphQL(readBack(found?.exportId === result.exportId ? found : null, ReadBackMessages.exportAsked)),
      };
    },
  },
};
