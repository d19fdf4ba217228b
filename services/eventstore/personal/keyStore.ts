/**
 * The per-person data keys, outside the log (docs/decisions/erasure.md): table `personal_keys`, a
 * key wrapped (AES-256-GCM) under a key derived from the server secret. An erased subject's row
 * stays as a tombstone (no key, `erased_at`), which a restore never overwrites.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { migrate, type Migration } from '../../db/migrate';

export const PERSONAL_KEYS_OWNER = 'personal_keys';
/** NOTIFY channel of erasures: every process drops the erased keys from its cache. */
export const KEYS_ERASED_CHANNEL = 'personal_keys_erased';

export const personalKeyMigrations: Migration[] = [
  {
    id: '001_personal_keys',
    up: `CREATE TABLE personal_keys (
        subject text PRIMARY KEY,
        wrapped_key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        erased_at timestamptz,
        CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL)));
      CREATE TABLE personal_keys_upgrade (
        id text PRIMARY KEY,
        done_at timestamptz NOT NULL DEFAULT now());`,
    down: 'DROP TABLE personal_keys_upgrade; DROP TABLE personal_keys',
  },
];

export async function migratePersonalKeys(pool: pg.Pool): Promise<void> {
  await migrate(pool, PERSONAL_KEYS_OWNER, personalKeyMigrations);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class PersonalKeyStore {
  private readonly kek: Buffer;
  /** Unwrapped keys; null for an erased (or unknown) subject. */
  private readonly cache = new Map<string, Buffer | null>();

  constructor(
    private readonly pool: pg.Pool,
    serverSecret: string,
  ) {
    this.kek = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'tertulia', 'personal-data-keys:v1', 32));
  }

  /**
   * The key that encrypts new data of `subject`, made on first use. An erased subject's new data is
   * sealed under a key thrown away at once: it reads as erased, as the rest of theirs.
   */
  async keyToWrite(subject: string): Promise<Buffer> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    if (cached === null || !(await this.load([subject])).get(subject)) {
      const made = crypto.randomBytes(32);
      const { rows } = await this.pool.query<{ wrapped_key: Buffer | null }>(
        `INSERT INTO personal_keys (subject, wrapped_key) VALUES ($1, $2)
           ON CONFLICT (subject) DO UPDATE SET subject = EXCLUDED.subject
         RETURNING wrapped_key`,
        [subject, this.wrap(made)],
      );
      const key = rows[0].wrapped_key ? this.unwrap(rows[0].wrapped_key) : null;
      this.cache.set(subject, key);
      return key ?? crypto.randomBytes(32);
    }
    return this.cache.get(subject)!;
  }

  /** The keys of `subjects` for reading (null: erased, or never had one), the missing ones in one statement. */
  async keysToRead(subjects: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const missing = [...new Set(subjects)].filter((s) => !this.cache.has(s));
    if (missing.length) await this.load(missing);
    return this.cache;
  }

  /** Destroys the keys of `subjects` for good (a tombstone each) and tells every process. */
  async erase(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO personal_keys (subject, wrapped_key, erased_at) SELECT s, NULL, now() FROM unnest($1::text[]) AS s
           ON CONFLICT (subject) DO UPDATE SET wrapped_key = NULL, erased_at = coalesce(personal_keys.erased_at, now())`,
        [subjects],
      );
      await client.query('SELECT pg_notify($1, $2)', [KEYS_ERASED_CHANNEL, JSON.stringify(subjects)]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    this.forget(subjects);
  }

  /** Drops subjects from the cache (another process erased them). */
  forget(subjects: readonly string[]): void {
    for (const s of subjects) this.cache.delete(s);
  }

  private async load(subjects: string[]): Promise<Map<string, Buffer | null>> {
    const { rows } = await this.pool.query<{ subject: string; wrapped_key: Buffer | null }>(
      'SELECT subject, wrapped_key FROM personal_keys WHERE subject = ANY($1::text[])',
      [subjects],
    );
    const found = new Map(rows.map((r) => [r.subject, r.wrapped_key ? this.unwrap(r.wrapped_key) : null]));
    // A subject without a row has no data to read yet; it is not remembered, so its first write makes its key.
    for (const [subject, key] of found) this.cache.set(subject, key);
    return found;
  }

  private wrap(key: Buffer): Buffer {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.kek, iv);
    return Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]);
  }

  private unwrap(wrapped: Buffer): Buffer {
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.kek, wrapped.subarray(0, IV_BYTES));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new Error(
        "The personal data keys do not open with this AUTH_SECRET: every process on this database (product, projections, relay) needs the product's own.",
      );
    }
  }
}
