import type { AppApi } from '../../../shared/api';
import type { ServerConfig } from '../../../shared/config';
import type { CoreEnvOptions } from '../../../shared/core-env';
import type { Vault } from '../../../shared/vault';
import type { AuthCoordinator, AuthCoordinatorOptions, Opener } from '../../auth';
import type { Bridge } from '../../bridge';
import type { Pool, SetTimer } from '../../pool';
import type { Registry } from '../../registry';
import type { KeychainRunner, ProviderChoice } from '../../vault';
import type { ApiDoor } from '../door/api-door';
import type { Confirmations } from '../door/confirmations';
import type { SignIns } from '../sign-in/sign-in';
import type { WaitingAsks } from '../asks/waiting-asks';
import type { AppsHost } from '../apps/apps-host';
import type { RuntimeInfo } from './runtime-file';

/** The core's environment (shared/core-env), resolved once in createCore and passed whole to its parts. */
export interface CoreOptions extends CoreEnvOptions {
  /** Watch mcp.json and apply changes live (long-running processes); one-shot CLI commands do not. */
  watch?: boolean;
  /** Write the demo servers on first run. */
  demo?: boolean;
  /** runtime.json as a one-shot `doctor` already read it (probeApp): its port checks use it, not a second read. */
  probedRuntime?: { info: RuntimeInfo | undefined };
  /** Start servers never inventoried (approved, enabled) once in the background, so a first run shows real tools. */
  warmUp?: boolean;
  ports?: { ui: number; bridge: number };
  /** Where the vault key comes from; default: the vault's own choice (keychain, passphrase env, prompt). */
  vaultProvider?: ProviderChoice;
  /** Asks the person for the vault passphrase where no keychain exists. */
  passphrasePrompt?: () => Promise<string>;
  /** When the vault is read and its key derived (VaultOptions.check): a command that shows no vault state may leave it to the first use. */
  vaultCheck?: 'at-open' | 'when-used';
  /**
   * Run the agent bridge in this process (long-running modes). `port` overrides the config's
   * `settings.bridgePort`; `required` makes a failure to start it fatal instead of reported;
   * `codeAgentsOnly` serves only the agents declared in code (a program's bridge, docs/library.md).
   */
  bridge?: { port?: number; required: boolean; codeAgentsOnly?: boolean };
  /** How sign-in pages are opened; default: the system browser (the URL is logged if that fails). */
  opener?: Opener;
  /**
   * Tests only: how sign-in and the services' own requests reach the network (a resolver for host
   * names, a fetch carrying them to fixtures on 127.0.0.1). Default: the system's lookup and fetch.
   */
  network?: Pick<AuthCoordinatorOptions, 'resolver' | 'fetch'>;
  /** Runs keychain operations (the desktop app's own helper); default: the vault's helper child. */
  keychainRunner?: KeychainRunner;
  /**
   * Called with the pool before it gets its first config, when no server can run yet: a watch of
   * every server's state can start here knowing them all (`serve`'s compaction, docs/how-it-is-built.md).
   */
  onPool?: (pool: Pool) => void;
  /** Tests only: schedules the background registry check (15 s after start, then hourly); default: an unref'd setTimeout. */
  setTimer?: SetTimer;
  /** Servers declared in code (openConnectedServices): beside mcp.json's, marked `fromCode`, not editable through the App API. */
  codeServers?: Record<string, ServerConfig>;
}

export interface Core {
  /** The App API as the person at this process (the desktop's tray and notifications): changes are logged as `ipc`. */
  readonly api: AppApi;
  /** Where transports enter, naming their caller (electron/app/door/api-door.ts). */
  readonly door: ApiDoor;
  /** Waiting widenings from the command line; present where the bridge runs (the app). */
  readonly confirmations: Confirmations | undefined;
  /** Servers' requests waiting for the person; a command's own core only (the CLI's `call` answers them at the terminal). */
  readonly asks: WaitingAsks | undefined;
  readonly registry: Registry;
  readonly pool: Pool;
  readonly vault: Vault;
  /** Present when this process runs the bridge. */
  readonly bridge: Bridge | undefined;
  readonly auth: AuthCoordinator;
  readonly signIns: SignIns;
  /** Opened MCP Apps; a web server that serves the app origin sets it here. */
  readonly apps: AppsHost;
  close(): Promise<void>;
}
