/**
 * The four values most of the core needs (issue #31): where its data lives, the environment it
 * reads, where its diagnostic lines go, and its clock. Defined once here, resolved once where a
 * module's options arrive (`resolveCoreEnv`), and passed whole instead of four fields threaded by hand.
 * Pure: the process's own values are handed in by the caller (shared/ runs in the renderer too).
 */
export interface CoreEnv {
  /** The data folder (absolute): mcp.json, the vault, the audit logs. */
  dataDir: string;
  /** Environment variables as the core reads them (a test hands in its own). */
  env: Record<string, string | undefined>;
  /** Diagnostic lines; never hold a secret. */
  log: (line: string) => void;
  /** Milliseconds since the epoch. */
  now: () => number;
}

/** How an options object gives a CoreEnv: the data folder always, the others when not the process's own. */
export type CoreEnvOptions = Pick<CoreEnv, 'dataDir'> & Partial<Omit<CoreEnv, 'dataDir'>>;

/** The three of a module whose folders are named for it (the pool's cache): CoreEnv less the data folder. */
export type ProcessEnv = Omit<CoreEnv, 'dataDir'>;

/** The whole ProcessEnv from `options`, each value left out taken from `fallback` (the process's own). */
export function resolveProcessEnv(options: Partial<ProcessEnv>, fallback: ProcessEnv): ProcessEnv {
  return { env: options.env ?? fallback.env, log: options.log ?? fallback.log, now: options.now ?? fallback.now };
}

/** The whole CoreEnv from `options`, each value left out taken from `fallback` (the process's own). */
export function resolveCoreEnv(options: CoreEnvOptions, fallback: ProcessEnv): CoreEnv {
  return { dataDir: options.dataDir, ...resolveProcessEnv(options, fallback) };
}
