/**
 * Ctrl-C and `kill` stop the CLI and the benchmark promptly: registered cleanups (flushing output files) get a short
 * grace period, then the process exits. Exiting kills every Chromium Playwright launched (its exit hook sends SIGKILL
 * to the browser's process group), so no browser is left behind even when a page hangs.
 */
type Cleanup = () => unknown;

/** The whole stop must fit in 2 s; flushing a file takes milliseconds, so most of this is margin for a busy machine. */
const GRACE_MS = 1_200;
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

const cleanups = new Set<Cleanup>();
let installed = false;

/** Runs `cleanup` if the process is stopped by a signal; returns a function that unregisters it. */
export function onShutdown(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export function stopOnSignals(log: (line: string) => void): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const [signal, code] of Object.entries(EXIT_CODES)) {
    process.on(signal, () => {
      if (stopping) process.exit(code); // a second signal: no more waiting
      stopping = true;
      log(`${signal}: stopping (output so far is kept)`);
      setTimeout(() => process.exit(code), GRACE_MS).unref();
      void Promise.allSettled([...cleanups].map(async (cleanup) => cleanup())).then(() => process.exit(code));
    });
  }
}
