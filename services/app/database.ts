/**
 * Where the product's database is: DATABASE_URL, or the embedded PostgreSQL in the data folder
 * (started, or joined when it already runs). Its own module so that the CLIs and the relay's
 * processes find the database without loading the whole runtime (its integrations' clients, the
 * API): about 2 CPU-s and a second or two off every command's start.
 */
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { ensureDatabase } from '../db/pool';
import type { Config } from './config';

export async function resolveDatabase(config: Config, log: Logger): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  log.info('starting embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres({
    dataDir: `${config.dataDir}/pg`,
    port: config.embeddedPgPort,
    log: (line) => log.info(line),
  });
  await ensureDatabase(embedded.adminUrl, 'tertulia');
  return { url: embedded.urlFor('tertulia'), embedded };
}
