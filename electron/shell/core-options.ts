import type { CoreEnvOptions } from '../../shared/core-env';
import type { CoreOptions } from '../app';
import type { Opener } from '../auth';
import type { KeychainRunner } from '../vault';

/** The shell's CoreEnv (passed whole to the core) and what the desktop app adds. */
export interface ShellCoreContext extends CoreEnvOptions {
  isPackaged: boolean;
  opener: Opener;
  passphrasePrompt: () => Promise<string>;
  /** The keychain through Electron's utilityProcess: with RunAsNode fused off, the vault's own helper cannot start. */
  keychainRunner: KeychainRunner;
}

/**
 * How the desktop app builds the core: the CLI's data folder and key provider (the vault's default:
 * OS keychain, else the passphrase, here asked by the app's own dialog), config watched live, the
 * bridge in this process but not fatal when its port is taken (the window still works and says so).
 * The demo servers run `node` on files of the app; inside a packaged app those files are in the asar
 * archive, which a system `node` cannot read, so a packaged app does not write them.
 */
export function shellCoreOptions({ isPackaged, opener, passphrasePrompt, keychainRunner, ...coreEnv }: ShellCoreContext): CoreOptions {
  return { ...coreEnv, watch: true, warmUp: true, demo: !isPackaged, bridge: { required: false }, opener, passphrasePrompt, keychainRunner };
}
