import type { KeychainRunner } from '../../vault';
import { KeychainReplySchema, type KeychainReply } from './keychain-request';

/** The part of Electron's UtilityProcess the runner uses (a test can supply a Node child instead). */
export interface UtilityChild {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  once(event: 'spawn', listener: () => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export type ForkUtility = (modulePath: string, options: { env: Record<string, string>; serviceName: string }) => UtilityChild;

export type { KeychainRunner } from '../../vault';

export interface UtilityKeychainOptions {
  fork: ForkUtility;
  /** The bundled helper (dist/shell-keychain.cjs). */
  entryPath: string;
  /** The helper's environment (D-Bus address, HOME); never the passphrase or Node flags. */
  env: Record<string, string | undefined>;
}

function helperEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || key === 'CONNECTED_SERVICES_PASSPHRASE' || key === 'NODE_OPTIONS' || key === 'ELECTRON_RUN_AS_NODE') continue;
    out[key] = value;
  }
  return out;
}

/**
 * Runs each keychain operation in a short-lived Electron utility process. The vault's own helper
 * re-runs `process.execPath` as Node (ELECTRON_RUN_AS_NODE), which the RunAsNode fuse turns off in
 * the packaged app; a utility process is Electron's own way to run Node code in a child, and it can
 * be killed like the helper when the keychain hangs.
 */
export function createUtilityKeychainRunner(options: UtilityKeychainOptions): KeychainRunner {
  return (request, signal) =>
    new Promise<KeychainReply>((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('aborted'));
        return;
      }
      let settled = false;
      const child = options.fork(options.entryPath, { env: helperEnv(options.env), serviceName: 'Connected Services keychain' });
      const finish = (outcome: () => void): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        child.kill();
        outcome();
      };
      const onAbort = (): void => finish(() => reject(new Error('aborted')));
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('spawn', () => child.postMessage(request));
      child.on('message', (message) => {
        const reply = KeychainReplySchema.safeParse(message);
        finish(() => (reply.success ? resolve(reply.data) : reject(new Error('the keychain helper answered in an unexpected shape'))));
      });
      child.once('exit', (code) => finish(() => reject(new Error(`the keychain helper process exited with code ${code} before answering`))));
    });
}
