/** An admin list: the one admin check (services/api/auth.ts), then its Relay connection (services/api/connections.ts). */
import { requireAdmin } from './auth';
import { connection, type ConnectionArgs } from './connections';
import type { ConnectionSource } from '../../projections/connectionSource';
import type { ApiContext } from './context';

export function adminConnection<Node>(ctx: ApiContext, source: ConnectionSource<Node>, args: ConnectionArgs) {
  requireAdmin(ctx.viewer);
  return connection(ctx.runtime.pool, source, args);
}
