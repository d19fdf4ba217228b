/**
 * Every command the README lists, run beside a running product on the embedded default (the same
 * data folder): none stops the product's PostgreSQL (issue 26). After each one the product is
 * still ready, still answers, and a student's open subscription still delivers; a command unsafe
 * beside it (reversing a migration) refuses in one sentence and changes nothing. When the product
 * stops, it is the last user of its PostgreSQL and stops it.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { subscribe } from '../support/apiProcesses';
import { eventually } from '../support/eventually';
import { freePort } from '../support/ports';
import { tethered } from '../../scripts/support/tether';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.test-data', `cli-beside-${crypto.randomBytes(4).toString('hex')}`);
let env: Record<string, string>;
let product: ChildProcess;
let url: string;
let productExited: Promise<number | null>;

/** Runs `npm run <args>` beside the product; resolves with its exit code and output. */
function npmRun(args: string[], options: { until?: RegExp } = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // In a process group of its own, as in a terminal of its own.
    const child = tethered(
      spawn('npm', ['run', '--silent', ...args], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    );
    let output = '';
    let stopping = false;
    const take = (chunk: Buffer) => {
      output += chunk;
      // A long-running command (a worker, the relay): once it uses the database, Ctrl-C it (the
      // whole group, as a terminal does).
      if (!stopping && options.until?.test(output)) {
        stopping = true;
        process.kill(-child.pid!, 'SIGINT');
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', async (code) => {
      await eventually(async () => !groupAlive(child.pid!), `every process of 'npm run ${args.join(' ')}' to end`, 30_000);
      resolve({ code, output });
    });
  });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tertulia-build': 'test', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return res.json() as Promise<any>;
}

const login = async (emailAddress: string, password: string) => {
  const res = await gql(`mutation($input: LoginInput!) { login(input: $input) { token } }`, { input: { emailAddress, password } });
  assert.equal(res.errors, undefined, JSON.stringify(res.errors));
  return res.data.login.token as string;
};

const postmasterRunning = () => fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'));

describe('every CLI command beside a running product', () => {
  beforeAll(async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      AUTH_SECRET: 'cli-beside-product-secret-0123456789abcdef',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      KAFKA_BROKERS: '127.0.0.1:1',
    };
    url = `http://127.0.0.1:${port}`;
    product = tethered(
      spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    productExited = new Promise((resolve) => product.on('exit', resolve));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      product.stdout!.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Tertulia is running')) resolve();
      });
      product.on('exit', (code) => reject(new Error(`the product exited (${code}) before it was ready:\n${output}`)));
    });
  });

  afterAll(async () => {
    if (product.exitCode === null) product.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('none stops its database; the product answers and its subscription delivers after each; it stops its database last', async () => {
    const student = await login('student@tertulia.local', 'Student-Tertulia-1');
    const admin = await login('admin@tertulia.local', 'Admin-Tertulia-1');
    const studentId = (await gql('{ me { id } }', {}, student)).data.me.id as string;
    const report: string[] = [];
    const balance = subscribe(url, student, `subscription($id: ID!) { remainingMinutesChanged(accountId: $id) { remainingMinutes } }`, {
      id: studentId,
    });
    try {
      await balance.ready();
      let minutes = (await balance.next(15_000)).remainingMinutesChanged.remainingMinutes as number;

      const stillServing = async (after: string) => {
        const ready = await fetch(`${url}/readyz`);
        assert.equal(ready.status, 200, `/readyz after ${after}: ${await ready.text()}`);
        const credited = await gql(
          `mutation($input: ChangeMinutesInput!) { changeMinutes(input: $input) { changed } }`,
          { input: { accountId: studentId, minutes: 5, reason: `after ${after}` } },
          admin,
        );
        assert.equal(credited.errors, undefined, JSON.stringify(credited.errors));
        minutes += 5;
        assert.deepEqual(
          await balance.next(15_000),
          { remainingMinutesChanged: { remainingMinutes: minutes } },
          `the subscription delivers after ${after}`,
        );
      };

      const commands: { args: string[]; code: number; says: RegExp; until?: RegExp }[] = [
        { args: ['projections', '--', 'status'], code: 0, says: /payroll/ },
        { args: ['projections', '--', 'rebuild', '--all', '--reason', 'beside the product'], code: 0, says: /swapped in/ },
        { args: ['projections', '--', 'verify', '--all'], code: 0, says: /read models match the log/ },
        { args: ['projections', '--', 'resume', 'payroll', '--reason', 'beside the product'], code: 0, says: /payroll had not failed/ },
        { args: ['projections', '--', 'run'], code: 0, says: /projecting/, until: /projecting/ },
        { args: ['migrate'], code: 0, says: /up to date/ },
        { args: ['migrate', '--', 'status'], code: 0, says: /applied/ },
        { args: ['relay'], code: 0, says: /relay started/, until: /relay started/ },
      ];
      for (const command of commands) {
        const name = command.args.filter((a) => a !== '--' && a !== '--reason' && a !== 'beside the product').join(' ');
        const { code, output } = await npmRun(command.args, { until: command.until });
        assert.match(output, command.says, `${name} said:\n${output}`);
        if (!command.until) assert.equal(code, command.code, `${name} exited ${code}:\n${output}`);
        assert.ok(postmasterRunning(), `PostgreSQL still runs after ${name}`);
        await stillServing(name);
        report.push(`| npm run ${name} | ${command.until ? 'Ctrl-C once running' : `exit ${code}`} | 200 | delivered (${minutes} min) |`);
      }

      const down = await npmRun(['migrate', '--', 'down', 'relay']);
      assert.equal(down.code, 1, down.output);
      assert.match(down.output, /^Refused: \d+ other connection\(s\) use this database .* Nothing was changed\.$/m);
      const status = await npmRun(['migrate', '--', 'status', 'relay']);
      assert.match(status.output, /relay: \d+ applied, 0 pending/, 'the refused reversal changed nothing');
      await stillServing('a refused migrate down');
      report.push(`| npm run migrate -- down relay | exit 1, refused, nothing changed | 200 | delivered (${minutes} min) |`);
    } finally {
      balance.dispose();
    }
    // The table the issue's closing note quotes: what each command did beside the product.
    console.log(['| command | ended | /readyz after | subscription after |', '|---|---|---|---|', ...report].join('\n'));

    product.kill('SIGTERM');
    assert.equal(await productExited, 0);
    await eventually(async () => !postmasterRunning(), 'the product, last to leave, stops its PostgreSQL', 30_000);
  });
});
