import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { CoreEnv } from '../../shared/core-env';
import { busyAppError, createCore, findLiveAppPatiently, refuseUnreachableApp, type AppProbe, type Core, type CoreOptions, type RuntimeInfo } from '../app';
import { DATA_DIR_ENV, defaultDataDir, relativeHomeNote } from '../registry';
import { runningAppCore } from './app-core';
import { commandLineApi } from './command-line-api';
import { askHidden } from './hidden-input';
import type { Output } from './output';
import { connectRunningApp } from './running-app';
import { findLiveApp } from './start-up';
import { vaultProviderFromEnv } from './vault-provider-env';

export interface GlobalOptions {
  home?: string;
}

export interface CoreChoice extends Pick<CoreOptions, 'watch' | 'warmUp' | 'bridge' | 'log' | 'opener' | 'onPool' | 'codeServers' | 'vaultCheck' | 'demo'> {
  /** This process must do the work itself (a sign-in opened with its own opener, a vault-only change). */
  local?: boolean;
  /**
   * Where no app runs and this process opens its own core, run the agents' bridge in it too (a program
   * with agents declared in code, docs/library.md); with an app running, that app's bridge serves them.
   * It serves only those agents: agents.json's are the app's to serve.
   */
  ownBridge?: { port?: number };
  /** runtime.json as the command already probed it (doctor): neither looked for again nor read again. */
  probed?: AppProbe;
}

/**
 * For a command that shows no vault state (a listing, a call): its own core reads the vault only if
 * it uses it, so with a passphrase no scrypt runs for `servers list` (docs/cli.md).
 */
export const VAULT_WHEN_USED: CoreChoice = { vaultCheck: 'when-used' };

/** The command's `dataDir` (`--home`, else the default) and `env`: the core environment it opens its core with. */
export interface CliContext extends Readonly<Pick<CoreEnv, 'dataDir' | 'env'>> {
  readonly output: Output;
  readonly interactive: boolean;
  /**
   * Opens the core once per command; closed by the runner when the command ends. While an app runs
   * for the data directory it is that app's App API (one place of truth: its states, its servers),
   * unless the command runs the app itself (`bridge`) or must act here (`local`, an `opener`).
   */
  core(options?: CoreChoice): Promise<Core>;
  /** The app the opened core goes through, if any (after `core()`). */
  runningApp(): RuntimeInfo | undefined;
  close(): Promise<void>;
}

/**
 * `askAtTerminal: false` for a program using the library: its terminal, if any, is its own, so the
 * vault's passphrase is never asked there (it comes from the environment it gives, or the open fails).
 */
export function createContext(globals: GlobalOptions, output: Output, env: Record<string, string | undefined>, { askAtTerminal = true }: { askAtTerminal?: boolean } = {}): CliContext {
  const relative = globals.home ? undefined : relativeHomeNote(env[DATA_DIR_ENV]);
  if (relative !== undefined) output.err(relative);
  const dataDir = globals.home
    ? resolve(globals.home)
    : defaultDataDir({ env, platform: process.platform, homeDir: env['HOME'] ?? homedir() });
  const coreEnv: Pick<CoreEnv, 'dataDir' | 'env'> = { dataDir, env };
  let core: Promise<Core> | undefined;
  let app: RuntimeInfo | undefined;
  let closing: Promise<void> | undefined;
  const interactive = askAtTerminal && Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const openOwnCore = async (options: CoreChoice): Promise<Core> => {
    const vaultProvider = vaultProviderFromEnv(env);
    const opened = await createCore({
      ...coreEnv,
      ...(vaultProvider ? { vaultProvider } : {}),
      watch: options.watch ?? false,
      warmUp: options.warmUp ?? false,
      ...(options.bridge ? { bridge: options.bridge } : options.ownBridge ? { bridge: { ...options.ownBridge, required: true, codeAgentsOnly: true } } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.opener ? { opener: options.opener } : {}),
      ...(options.onPool ? { onPool: options.onPool } : {}),
      ...(options.codeServers ? { codeServers: options.codeServers } : {}),
      ...(options.vaultCheck ? { vaultCheck: options.vaultCheck } : {}),
      ...(options.demo === false ? { demo: false } : {}),
      ...(options.probed ? { probedRuntime: { info: options.probed.written } } : {}),
      // Only a person at a terminal can be asked; scripts use CONNECTED_SERVICES_PASSPHRASE.
      ...(interactive ? { passphrasePrompt: () => askHidden('Vault passphrase: ') } : {}),
    });
    // `serve` (it runs the bridge) is the app itself; every other command is the command line.
    return options.bridge ? opened : { ...opened, api: await commandLineApi(opened, dataDir) };
  };
  return {
    ...coreEnv,
    output,
    interactive,
    core: (options = {}) => {
      core ??= (async () => {
        const mustBeLocal = options.bridge !== undefined || options.local === true || options.opener !== undefined;
        const { probed } = options;
        // An app that runs but is slow to answer (busy, stopped) is waited for, then named with how to look at it.
        const live = mustBeLocal
          ? undefined
          : probed
            ? probed.live
            : await findLiveAppPatiently(dataDir, {}, undefined, (silent, waitedMs) => busyAppError(silent, waitedMs, process.platform, 'run this command again'));
        if (live) {
          app = live;
          return runningAppCore(await connectRunningApp(dataDir, live));
        }
        // `serve` opens its core holding app.lock itself. A command that must act here does so beside
        // an app it reaches (its work is its own); beside one it cannot reach, nothing may open a core.
        if (options.bridge === undefined && (!mustBeLocal || (probed ? probed.live : await findLiveApp(dataDir)) === undefined)) await refuseUnreachableApp(dataDir, process.platform);
        return openOwnCore(options);
      })();
      return core;
    },
    runningApp: () => app,
    // Once: serve closes it itself (to say when it has stopped), then the runner again.
    close: () =>
      (closing ??= (async () => {
        // A core that failed to open has nothing to close; its error was already reported.
        const opened = await core?.catch(() => undefined);
        await opened?.close();
      })()),
  };
}
