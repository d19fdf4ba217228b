/**
 * docker-compose.yml checked against the code, as far as can be without a Docker engine: every
 * variable it sets for the app's image is one the code reads, every command of that image is an
 * npm script of package.json (with a subcommand its CLI knows), health probes run only read-only
 * commands, and every profile is documented in the file's header and in the README.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as {
  services: Record<
    string,
    {
      build?: unknown;
      command?: string | string[];
      environment?: Record<string, unknown>;
      healthcheck?: { test: string[] };
      profiles?: string[];
    }
  >;
};
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The app's services: those built from this folder (the x-app anchor); the others run vendors' images. */
const appServices = Object.entries(compose.services).filter(([, s]) => s.build);

/** Every environment variable name the code reads (env.NAME, env['NAME'], process.env.NAME). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(entry) && !/\.test\.ts$/.test(entry)) {
        for (const m of readFileSync(full, 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g))
          names.add(m[1] ?? m[2]);
      }
    }
  };
  for (const dir of ['services', 'scripts', 'projections']) walk(path.join(ROOT, dir));
  return names;
}

/** `npm run [-s] <script> [-- args]` split into the script and its arguments. */
function npmRun(command: string): { script: string; args: string[] } | null {
  const m = /^npm run (?:-s )?(\S+)(?: -- (.*?))?(?:\s*>.*)?$/.exec(command.trim());
  return m ? { script: m[1], args: m[2]?.split(/\s+/) ?? [] } : null;
}

const commandText = (c: string | string[]) => (Array.isArray(c) ? (c[0] === 'CMD-SHELL' ? c[1] : c.slice(1).join(' ')) : c);

it('the app services are there (the parse found the anchors)', () => {
  assert.deepEqual(appServices.map(([name]) => name).sort(), ['api-1', 'api-2', 'relay', 'worker-1', 'worker-2']);
});

it('every variable it sets for the app is one the code reads', () => {
  const known = variablesRead();
  for (const [name, service] of appServices) {
    for (const variable of Object.keys(service.environment ?? {})) {
      assert.ok(known.has(variable), `${name} sets ${variable}, which no code reads`);
    }
  }
});

it('every app command is an npm script, with a subcommand its CLI knows', () => {
  const subcommands: Record<string, RegExp> = {
    projections: /^(status|rebuild|verify|resume|run)$/,
    serve: /^--role$/,
  };
  for (const [name, service] of appServices) {
    const commands = [service.command, service.healthcheck?.test].filter((c): c is string | string[] => !!c).map(commandText);
    for (const command of commands.filter((c) => c.startsWith('npm'))) {
      const run = npmRun(command);
      assert.ok(run, `${name}: '${command}' is not an npm run command`);
      assert.ok(scripts[run.script], `${name}: npm script '${run.script}' is not in package.json`);
      if (subcommands[run.script]) assert.match(run.args[0] ?? '', subcommands[run.script], `${name}: ${command}`);
    }
  }
});

it('health probes only read: the projections status, or an HTTP readiness check', () => {
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.healthcheck || !service.build) continue;
    const probe = commandText(service.healthcheck.test);
    const run = npmRun(probe);
    const readOnly =
      (run?.script === 'projections' && run.args[0] === 'status' && run.args.length === 1) ||
      /fetch\('http:\/\/localhost:\d+\/readyz'\)/.test(probe);
    assert.ok(readOnly, `${name}'s health probe '${probe}' is not a read-only command`);
  }
});

it('every profile is documented in the file and in the README', () => {
  const readme = read('README.md');
  const header = composeText
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .join('\n');
  const profiles = new Set(Object.values(compose.services).flatMap((s) => s.profiles ?? []));
  assert.ok(profiles.size > 0);
  for (const profile of profiles) {
    assert.match(header, new RegExp(`--profile ${profile}\\b`), `docker-compose.yml's header explains the '${profile}' profile`);
    assert.match(readme, new RegExp(`--profile ${profile}\\b`), `README.md explains the '${profile}' profile`);
  }
});
