import { CodedError } from '../../../shared/errors';

export interface BridgePortOptions {
  /** From the caller (`serve --bridge-port`). */
  given?: number | undefined;
  /** From `settings.bridgePort` in mcp.json. */
  configured?: number | undefined;
  fallback: number;
  configFile: string;
  portFree: (port: number) => Promise<boolean>;
  /** Whether another Connected Services' bridge holds the port (bridge-identity.ts); unknown: not asked. */
  ownBridgeAt?: (port: number) => Promise<boolean>;
  log: (line: string) => void;
}

/**
 * The port the bridge listens on. A port the person chose is kept or refused with a coded error
 * (agents are configured for it); the default, when another program holds it, gives way to a free one.
 */
export async function chooseBridgePort(options: BridgePortOptions): Promise<number> {
  const chosen = options.given ?? options.configured;
  if (chosen !== undefined) {
    if (chosen === 0 || (await options.portFree(chosen))) return chosen;
    const source = options.given !== undefined ? 'given with --bridge-port' : `set in ${options.configFile} (settings.bridgePort)`;
    throw new CodedError('server_unavailable', `Port ${chosen} for the agent bridge (${source}) is in use by another program`, {
      hint:
        options.given !== undefined
          ? // Left out, the bridge takes settings.bridgePort or its default port, not a free one.
            'Stop that program, or give --bridge-port another port (0 picks a free one)'
          : `Stop that program, or change settings.bridgePort in ${options.configFile} (remove it to pick a free one)`,
      data: { port: chosen },
    });
  }
  if (await options.portFree(options.fallback)) return options.fallback;
  // Agents set up for the default port reach whoever holds it: say when that is another data folder's app.
  if ((await options.ownBridgeAt?.(options.fallback)) === true) {
    options.log(
      `Port ${options.fallback} (the bridge's default) answers as another Connected Services (another data folder); the bridge takes a free port instead (see its address), and agents set up for port ${options.fallback} reach the other one.`,
    );
    return 0;
  }
  options.log(`Port ${options.fallback} (the bridge's default) is in use by another program; the bridge takes a free port instead (see its address).`);
  return 0;
}

export interface ProgramBridgePortOptions {
  /** From the program (openConnectedServices's `bridgePort`). */
  given?: number | undefined;
  /** The app's bridge port: settings.bridgePort, else the default. */
  appPort: number;
  configFile: string;
}

/**
 * The port of a program's own bridge (docs/library.md): a free one unless the program gives one, and
 * never the app's. agents.json's agents are set up for the app's port, and the app must be able to
 * take it when it starts later; a program holding it would leave them talking to the wrong bridge.
 */
export function programBridgePort(options: ProgramBridgePortOptions): number {
  if (options.given === undefined || options.given === 0) return 0;
  if (options.given !== options.appPort) return options.given;
  throw new CodedError('invalid_input', `Port ${options.given} is the app's agent bridge port (settings.bridgePort in ${options.configFile}, else the default), so a program's own bridge cannot take it`, {
    hint: 'Leave bridgePort out to take a free port (cs.codeAgents[NAME].url gives the address), or choose another',
    data: { port: options.given },
  });
}
