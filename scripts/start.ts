/**
 * `npm start`: the whole product in one process on the embedded default — PostgreSQL from
 * node_modules (data in .data/), migrations, projectors, the job runner, the API and the built web
 * app on one port. DATABASE_URL points it at an external PostgreSQL instead.
 *
 * `npm run serve -- --role <role>` starts one role of the scale-out run mode (no web build; point
 * DATABASE_URL at the shared PostgreSQL): `api` (API, web app and jobs, no projectors: set
 * RUN_PROJECTIONS aside, it is off here), `worker` (projectors and jobs, no HTTP), or `all` (the
 * default, as `npm start`). Any number of each may run on one database: a read model's batches are
 * serialized by its checkpoint row, and jobs by pg-boss.
 */
import { loadConfig } from '../services/app/config';
import { createRuntime } from '../services/app/runtime';
import { createServer } from '../services/api/server';
import { exitOnSignals, exitWithError } from '../services/app/shutdown';
import { storageSummary } from '../services/integrations/storage/config';
import { surfacesSummary } from '../services/app/surfaces';
import { DEMO_ACCOUNTS, seedDemo } from './seed';
import { demoInviteNumbers } from './seedCourses';

const ROLES = ['all', 'api', 'worker'] as const;
type Role = (typeof ROLES)[number];

function roleOf(argv: string[]): Role {
  const i = argv.findIndex((a) => a === '--role' || a.startsWith('--role='));
  const value = i < 0 ? (process.env.TERTULIA_ROLE ?? 'all') : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  if (!(ROLES as readonly string[]).includes(value)) {
    console.error(`Unknown role '${value}'. Roles: ${ROLES.join(', ')}.`);
    process.exit(2);
  }
  return value as Role;
}

/** A projector worker: the read models and the jobs, no HTTP. */
async function worker() {
  const config = loadConfig();
  const runtime = await createRuntime(config, { runProjections: true });
  console.log(`Tertulia projector worker running (PID ${process.pid})`);
  exitOnSignals(() => runtime.close(), { log: (message) => runtime.log.info(message) });
}

/** The API (and web app and jobs) without projectors: workers keep the read models. */
async function api() {
  const config = loadConfig();
  const runtime = await createRuntime(config, { runProjections: false });
  const server = createServer(runtime);
  await server.listen(config.port, config.host);
  console.log(
    [
      `Tertulia API running at ${config.publicUrl} (read models kept by projector workers)`,
      storageSummary(config.storageS3, config.dataDir),
      ...surfacesSummary(config, config.surfaces),
    ].join('\n'),
  );
  exitOnSignals(
    async () => {
      await server.close().catch(() => {});
      await runtime.close();
    },
    { log: (message) => runtime.log.info(message) },
  );
}

async function main() {
  const role = roleOf(process.argv.slice(2));
  if (role === 'worker') return worker();
  if (role === 'api') return api();
  const config = loadConfig();
  const runtime = await createRuntime(config);
  if (config.seedDemo && (await seedDemo(runtime))) runtime.log.info('seeded the demo world');
  const server = createServer(runtime);
  await server.listen(config.port, config.host);

  const lines = [
    '',
    `Tertulia is running at ${config.publicUrl}`,
    config.databaseUrl ? 'Database: DATABASE_URL' : `Database: embedded PostgreSQL (data in ${config.dataDir})`,
    config.surfaces.mailbox ? `Mail stays local: read it at ${config.publicUrl}/dev/mailbox (from this machine)` : 'Mail: SMTP',
    storageSummary(config.storageS3, config.dataDir),
    ...surfacesSummary(config, config.surfaces),
    '',
    'Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(11)} ${a.emailAddress.padEnd(28)} ${a.password}`),
    ...(await demoInviteNumbers(runtime).then((courses) =>
      courses.length
        ? [
            '',
            `Demo courses (open ${config.publicUrl}/join/<invite number>; pay with the test card 4242 4242 4242 4242):`,
            ...courses.map((c) => `  ${c.inviteNumber.slice(0, 3)}-${c.inviteNumber.slice(3)}  ${c.name}`),
          ]
        : [],
    )),
    '',
  ];
  console.log(lines.join('\n'));

  exitOnSignals(
    async () => {
      await server.close().catch(() => {});
      await runtime.close();
    },
    { log: (message) => runtime.log.info(message) },
  );
}

main().catch(exitWithError);
