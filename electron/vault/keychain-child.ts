import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * The keychain runs in a short-lived child process, not in this one: the binding's constructor
 * talks to D-Bus synchronously, and a bus that accepts a connection but never answers blocks the
 * calling thread for good (a worker thread stuck that way even keeps the process from exiting).
 * A child can always be killed. Secrets travel over pipes, never on the command line.
 *
 * On Linux the entry is pinned to the Secret Service: by default @napi-rs/keyring silently falls back
 * to the kernel keyring (keyutils), which is lost at reboot; pinned, it fails instead.
 */
const CHILD_SCRIPT = `
const { AsyncEntry } = require(process.argv[1]);
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', async () => {
  const reply = (value) => process.stdout.write(JSON.stringify(value));
  try {
    const req = JSON.parse(input);
    const options = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
    const entry = new AsyncEntry(req.service, req.account, options);
    if (req.op === 'get') reply({ ok: true, value: await entry.getPassword() });
    else if (req.op === 'set') { await entry.setPassword(req.value); reply({ ok: true, value: null }); }
    else if (req.op === 'delete') reply({ ok: true, value: String(await entry.deleteCredential()) });
    else reply({ ok: false, message: 'unknown operation' });
  } catch (error) {
    reply({ ok: false, message: String((error && error.message) || error) });
  }
});
`;

export type KeychainRequest =
  | { op: 'get'; service: string; account: string }
  | { op: 'set'; service: string; account: string; value: string }
  | { op: 'delete'; service: string; account: string };

const ReplySchema = z.union([
  z.object({ ok: z.literal(true), value: z.string().nullable() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type KeychainReply = z.infer<typeof ReplySchema>;

export interface KeychainChildOptions {
  /** Node (or Electron with ELECTRON_RUN_AS_NODE) to run the child with. Default: process.execPath. */
  nodePath?: string;
  /** Absolute path of @napi-rs/keyring's entry file. Default: resolved from this file. */
  modulePath?: string;
  /** The child's environment (D-Bus address, HOME). */
  env: Record<string, string | undefined>;
}

export function defaultKeyringModulePath(): string {
  return createRequire(import.meta.url).resolve('@napi-rs/keyring');
}

/** Runs one keychain operation in a child; `signal` kills it. Rejects with a plain Error on failure. */
export function runKeychainChild(
  request: KeychainRequest,
  options: KeychainChildOptions,
  signal: AbortSignal,
): Promise<KeychainReply> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    // The helper needs the session's D-Bus/HOME variables, not our passphrase nor our Node flags.
    const env: Record<string, string | undefined> = { ...options.env, ELECTRON_RUN_AS_NODE: '1' };
    delete env['CONNECTED_SERVICES_PASSPHRASE'];
    delete env['NODE_OPTIONS'];
    const child = spawn(options.nodePath ?? process.execPath, ['-e', CHILD_SCRIPT, options.modulePath ?? defaultKeyringModulePath()], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    child.stdin.on('error', () => {
      // The child died before reading; 'close' reports it.
    });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, exitSignal) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) {
        reject(new Error('aborted'));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(stdout);
      } catch {
        parsed = undefined;
      }
      const reply = ReplySchema.safeParse(parsed);
      if (reply.success) {
        resolve(reply.data);
        return;
      }
      const why = exitSignal ? `was killed by ${exitSignal}` : `exited with code ${String(code)}`;
      reject(new Error(`the keychain helper process ${why}: ${stderr.trim().slice(0, 500) || 'no output'}`));
    });
    child.stdin.end(JSON.stringify(request));
  });
}
