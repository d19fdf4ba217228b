/**
 * Stopping on SIGINT/SIGTERM: the first signal runs `close` (stop taking requests, let work in
 * flight finish, close the pool) within a deadline; past it, or on a second signal, the process
 * exits at once with status 1. A shutdown that waits on an unreachable database must not hang for
 * ever, and an operator's second Ctrl-C must be obeyed.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

export function exitOnSignals(
  close: () => Promise<void>,
  options: { deadlineMs?: number; log?: (message: string) => void; exitCode?: () => number } = {},
) {
  const log = options.log ?? ((message: string) => console.error(message));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
    log(`${signal}: shutting down (at most ${Math.round(deadlineMs / 1000)} s; send it again to exit now)`);
    const timer = setTimeout(() => {
      log(`shutdown did not finish within ${deadlineMs} ms: exiting`);
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    close().then(
      () => process.exit(options.exitCode?.() ?? 0),
      (error) => {
        log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** A problem the user can act on (a setup to change, a refusal): said in its own words, no stack. */
export class SetupError extends Error {}

/**
 * The end of a command-line program that failed: a SetupError (or an error named 'SetupError') is
 * said in its own words, anything else with its stack.
 */
export function exitWithError(error: unknown): never {
  const forTheUser = error instanceof SetupError || (error instanceof Error && error.name === 'SetupError');
  console.error(forTheUser ? `\n${(error as Error).message}\n` : error);
  process.exit(1);
}

/** Runs a command-line program to its exit code; a failure ends it through exitWithError. */
export function runCommand(main: () => Promise<number>): void {
  main().then((code) => process.exit(code), exitWithError);
}
