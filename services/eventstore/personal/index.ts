/**
 * Personal data in the log, encrypted per person (docs/decisions/erasure.md). `preparePersonalData`
 * is what every process that reads or writes the log calls at start, before anything else touches it.
 */
import type pg from 'pg';
import { configurePseudonyms } from '../../domain/shared/pseudonyms';
import { migratePersonalKeys, PersonalKeyStore } from './keyStore';

export { KEYS_ERASED_CHANNEL, PersonalKeyStore, personalKeyMigrations, PERSONAL_KEYS_OWNER } from './keyStore';
export { withPersonalData } from './store';

/** Migrates the key store (unless read-only), configures the address pseudonyms, and opens the keys. */
export async function preparePersonalData(pool: pg.Pool, serverSecret: string, options: { readOnly?: boolean } = {}) {
  if (!options.readOnly) await migratePersonalKeys(pool);
  configurePseudonyms(serverSecret);
  return new PersonalKeyStore(pool, serverSecret);
}
