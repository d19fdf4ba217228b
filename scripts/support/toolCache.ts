/**
 * The tools the tests fetch once (Kafka's jars, Keycloak, moto's S3 server): kept outside the
 * repository, shared by every checkout of the machine, and fetched under a lock so two processes
 * never fetch at once.
 */
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `<cache>/tertulia/<name>`: $TERTULIA_CACHE_DIR, else $XDG_CACHE_HOME/tertulia, else ~/.cache/tertulia. */
export function toolCacheDir(name: string): string {
  const root = process.env.TERTULIA_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tertulia');
  return join(root, name);
}

const STALE_MS = 15 * 60_000;

/**
 * Runs `work` holding `lock` (a file created exclusively), waiting while another process holds it
 * (`onWait` is told every 10 s); a lock older than 15 minutes was left by a process that died.
 */
export async function withLock<T>(lock: string, onWait: () => void, work: () => Promise<T>): Promise<T> {
  for (let waited = 0; ; waited += 500) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_MS) rmSync(lock, { force: true });
      } catch {
        /* gone meanwhile */
      }
      if (waited % 10_000 === 0) onWait();
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
