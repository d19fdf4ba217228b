/**
 * `npm start`: the whole product in one process on the embedded default — PostgreSQL from
 * node_modules (data in .data/), migrations, projectors, the job runner, the API and the built web
 * app on one port. DATABASE_URL points it at an external PostgreSQL instead.
 */
import { loadConfig } from '../services/app/config';
import { createRuntime } from '../services/app/runtime';
import { createServer } from '../services/api/server';
import { exitOnSignals, exitWithError } from '../services/app/shutdown';
import { DEMO_ACCOUNTS, seedDemo } from './seed';
import { demoInviteNumbers } from './seedCourses';

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  if (config.seedDemo && (await seedDemo(runtime))) runtime.log.info('seeded the demo world');
  const server = createServer(runtime);
  await server.listen(config.port, config.host);

  const lines = [
    '',
    `Tertulia is running at ${config.publicUrl}`,
    config.databaseUrl ? 'Database: DATABASE_URL' : `Database: embedded PostgreSQL (data in ${config.dataDir})`,
    runtime.outbox ? `Mail stays local: read it at ${config.publicUrl}/dev/mailbox` : 'Mail: SMTP',
    '',
    'Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(11)} ${a.emailAddress.padEnd(28)} ${a.password}`),
    ...(await demoInviteNumbers(runtime).then((courses) =>
      courses.length
        ? ['', `Demo courses (open ${config.publicUrl}/join/<invite number>; pay with the test card 4242 4242 4242 4242):`,
            ...courses.map((c) => `  ${c.inviteNumber.slice(0, 3)}-${c.inviteNumber.slice(3)}  ${c.name}`)]
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
