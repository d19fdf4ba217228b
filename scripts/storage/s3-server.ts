/**
 * A real S3-compatible server for the storage adapter's tests, without Docker: moto's server
 * (`moto[server]` from PyPI, pinned), installed on first use into a virtual environment in a cache
 * outside the repository (~/.cache/tertulia/moto-<version>/: scripts/support/toolCache.ts), under a lock
 * so two processes never install at once, then started on a free port of 127.0.0.1 with a fresh
 * bucket. moto rather than MinIO: a pip install of a pure-Python package takes seconds where
 * building MinIO with the Go toolchain takes minutes and gigabytes on a two-core machine, and it
 * speaks the S3 API the adapter uses (put, get, head, delete, multipart, presigned GET with ranges),
 * though it accepts any credentials (docs/decisions/kafka-cluster.md, "Object storage").
 *
 * `npx tsx scripts/storage/s3-server.ts` starts one and prints its STORAGE_S3_* settings until Ctrl-C.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '../../tests/support/ports';
import { toolCacheDir, withLock } from '../support/toolCache';

export const MOTO_VERSION = '5.2.5';
const CACHE = toolCacheDir(`moto-${MOTO_VERSION}`);
const SERVER = path.join(CACHE, 'venv', 'bin', 'moto_server');
const say = (line: string) => process.stderr.write(`[s3] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Why no S3 server can be had here (no python3), or null. */
export function s3ServerUnavailable(): string | null {
  if (existsSync(SERVER)) return null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (existsSync(path.join(dir, 'python3'))) return null;
  return 'python3 is not installed: moto, the S3-compatible test server, cannot be installed';
}

/** moto's server, installed with pip into its virtual environment on first use (under a minute). */
export async function ensureMoto(): Promise<string> {
  if (existsSync(SERVER)) return SERVER;
  mkdirSync(CACHE, { recursive: true });
  const waiting = () => say(`waiting for another process installing moto (${CACHE})`);
  return withLock(path.join(CACHE, '.lock'), waiting, async () => {
    if (existsSync(SERVER)) return SERVER;
    say(`installing moto[server] ${MOTO_VERSION} with pip (first use only) into ${CACHE}`);
    const venv = path.join(CACHE, 'venv');
    rmSync(venv, { recursive: true, force: true });
    await promisify(execFile)('python3', ['-m', 'venv', venv], { timeout: 120_000 });
    await promisify(execFile)(
      path.join(venv, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', `moto[server]==${MOTO_VERSION}`],
      { timeout: 10 * 60_000 },
    );
    if (!existsSync(SERVER)) throw new Error(`pip installed moto but ${SERVER} is missing`);
    return SERVER;
  });
}

export interface S3Server {
  /** STORAGE_S3_* settings for the server's bucket (s3ConfigFromEnv reads them). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts moto's server on a free port with bucket `bucket`; resolves once the bucket exists. */
export async function startS3Server(bucket = 'tertulia-test'): Promise<S3Server> {
  const server = await ensureMoto();
  const port = await freePort();
  const child: ChildProcess = spawn(server, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_REGION: 'us-east-1',
    STORAGE_S3_ACCESS_KEY_ID: 'tertulia-test-key',
    STORAGE_S3_SECRET_ACCESS_KEY: 'tertulia-test-secret',
    STORAGE_S3_FORCE_PATH_STYLE: 'true',
  };
  const stop = async () => {
    if (exited) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await gone;
  };
  const client = new S3Client({
    region: env.STORAGE_S3_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY },
  });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (exited) throw new Error(`moto_server exited while starting on port ${port}`);
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`moto_server did not answer on ${endpoint} within 60 s: ${(error as Error).message}`);
        await sleep(200);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { env, stop };
}

if (process.argv[1] && /scripts[\\/]storage[\\/]s3-server\.ts$/.test(process.argv[1])) {
  const s3 = await startS3Server();
  for (const [k, v] of Object.entries(s3.env)) console.log(`${k}=${v}`);
  const stop = async () => {
    await s3.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
