import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../app';
import { defaultDataDir } from '../registry';
import { commandLineApi } from './command-line-api';
import { askHidden } from './hidden-input';
import type { Output } from './output';
import { vaultProviderFromEnv } from './vault-provider-env';

export interface GlobalOptions {
  home?: string;
}

export interface CliContext {
  readonly dataDir: string;
  readonly output: Output;
  readonly env: Record<string, string | undefined>;
  readonly interactive: boolean;
  /** Opens the core once per command; closed by the runner when the command ends. */
  core(options?: Pick<CoreOptions, 'watch' | 'warmUp' | 'bridge' | 'log' | 'opener'>): Promise<Core>;
  close(): Promise<void>;
}

export function createContext(globals: GlobalOptions, output: Output, env: Record<string, string | undefined>): CliContext {
  const dataDir = globals.home
    ? resolve(globals.home)
    : defaultDataDir({ env, platform: process.platform, homeDir: env['HOME'] ?? homedir() });
  let core: Promise<Core> | undefined;
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  return {
    dataDir,
    output,
    env,
    interactive,
    core: (options = {}) => {
      const vaultProvider = vaultProviderFromEnv(env);
      core ??= createCore({
        dataDir,
        env,
        ...(vaultProvider ? { vaultProvider } : {}),
        watch: options.watch ?? false,
        warmUp: options.warmUp ?? false,
        ...(options.bridge ? { bridge: options.bridge } : {}),
        ...(options.log ? { log: options.log } : {}),
        ...(options.opener ? { opener: options.opener } : {}),
        // Only a person at a terminal can be asked; scripts use CONNECTED_SERVICES_PASSPHRASE.
        ...(interactive ? { passphrasePrompt: () => askHidden('Vault passphrase: ') } : {}),
      }).then(async (opened) =>
        // `serve` (it runs the bridge) is the app itself; every other command is the command line.
        options.bridge ? opened : { ...opened, api: await commandLineApi(opened, dataDir) },
      );
      return core;
    },
    close: async () => {
      // A core that failed to open has nothing to close; its error was already reported.
      const opened = await core?.catch(() => undefined);
      await opened?.close();
    },
  };
}
