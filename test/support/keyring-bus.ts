import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertSecretServiceInstalled } from './secret-service';

/**
 * A real Secret Service the test process can hand to `serve`: a private session bus (dbus-daemon)
 * and gnome-keyring-daemon on it, each our own child in the foreground, in a temp home. Its login
 * keyring is made and unlocked from a password on stdin; `relock()` restarts the daemon without
 * one, so the keyring is there but locked, as after a login without the keyring's password.
 */
export interface KeyringBus {
  env: { DBUS_SESSION_BUS_ADDRESS: string; XDG_RUNTIME_DIR: string; XDG_DATA_HOME: string; HOME: string };
  /** Stores an item with `secret-tool store`, as another program would. */
  store(label: string, attributes: string[], value: string): void;
  relock(): Promise<void>;
  close(): Promise<void>;
}

function stopChild(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function firstLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed nothing`)), 10_000);
    child.on('error', reject);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      resolve(out.slice(0, out.indexOf('\n')).trim());
    });
  });
}

export async function startKeyringBus(): Promise<KeyringBus> {
  assertSecretServiceInstalled();
  const root = mkdtempSync(join(tmpdir(), 'cs-keyring-'));
  const home = join(root, 'home');
  const runtime = join(root, 'run');
  for (const dir of [home, runtime]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const base = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: join(home, '.local', 'share'), XDG_CONFIG_HOME: join(home, '.config') };
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env: base, stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await firstLine(bus, 'dbus-daemon');
  const env = { DBUS_SESSION_BUS_ADDRESS: address, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: base.XDG_DATA_HOME, HOME: home };
  const withBus = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  let daemon: ChildProcess | undefined;

  const startDaemon = async (password: string | undefined): Promise<void> => {
    const args = ['--foreground', '--replace', '--components=secrets', ...(password !== undefined ? ['--unlock'] : [])];
    daemon = spawn('gnome-keyring-daemon', args, { env: withBus, stdio: ['pipe', 'pipe', 'ignore'] });
    daemon.stdin?.end(password ?? '');
    // It prints its control variables once it serves on the bus.
    await firstLine(daemon, 'gnome-keyring-daemon');
  };
  await startDaemon('test login keyring password');

  return {
    env,
    store: (label, attributes, value) =>
      void execFileSync('secret-tool', ['store', `--label=${label}`, ...attributes], { env: withBus, input: value, stdio: ['pipe', 'ignore', 'pipe'], timeout: 10_000 }),
    relock: async () => {
      await stopChild(daemon);
      await startDaemon(undefined);
    },
    close: async () => {
      await stopChild(daemon);
      await stopChild(bus);
    },
  };
}
