import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsEntry } from './ts-entry';

/**
 * A real Secret Service for tests: a private D-Bus session bus (`dbus-run-session`) with
 * gnome-keyring-daemon started and its login keyring created/unlocked from a password on stdin, so no
 * prompt is ever shown. The steps (Node scripts run with tsx) run one after another inside that one
 * session, each as its own process: the second step sees what the first stored, like a restarted app.
 * The test process itself stays outside D-Bus.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REQUIRED = ['dbus-run-session', 'gnome-keyring-daemon'];

export interface SecretServiceStep {
  /** A .ts script, run as its bundle or under tsx (ts-entry.ts) from the repository root. */
  script: string;
  args?: string[];
}

export interface StepResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SecretServiceRun {
  steps: StepResult[];
  /** The session's private HOME (keyrings live under it). */
  home: string;
  /** gnome-keyring-daemon's stderr, for failure messages. */
  daemonLog: string;
}

function onPath(command: string): boolean {
  return (process.env['PATH'] ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Fails (never skips) when the system parts are missing, saying how to install them. */
export function assertSecretServiceInstalled(): void {
  const missing = REQUIRED.filter((command) => !onPath(command));
  if (missing.length > 0) {
    throw new Error(
      `The Secret Service tests need ${missing.join(' and ')} (Debian packages gnome-keyring, dbus, libsecret-tools). Run \`npm run test:setup\`.`,
    );
  }
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Runs `steps` in order inside one fresh D-Bus session with an unlocked gnome-keyring. */
export function runInSecretService(
  steps: SecretServiceStep[],
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<SecretServiceRun> {
  assertSecretServiceInstalled();
  const root = mkdtempSync(join(tmpdir(), 'cs-secret-service-'));
  const home = join(root, 'home');
  const runtime = join(root, 'run');
  const out = join(root, 'out');
  for (const dir of [home, runtime, out]) mkdirSync(dir, { recursive: true, mode: 0o700 });

  const lines = [
    'set -u',
    // --unlock reads the login keyring password from stdin (creating the keyring if needed) and
    // registers org.freedesktop.secrets on the session bus before it returns.
    `printf '%s' "$CS_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>${quote(join(out, 'daemon.err'))} || exit 90`,
    ...steps.map((step, index) => {
      const command = ['node', ...tsEntry(step.script), ...(step.args ?? [])].map(quote).join(' ');
      const file = (suffix: string): string => quote(join(out, `${index}.${suffix}`));
      return `${command} >${file('out')} 2>${file('err')} </dev/null; echo $? >${file('rc')}`;
    }),
  ];
  const script = join(root, 'session.sh');
  writeFileSync(script, `${lines.join('\n')}\n`);

  const env: Record<string, string | undefined> = {
    ...process.env,
    ...options.env,
    HOME: home,
    XDG_RUNTIME_DIR: runtime,
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    CS_KEYRING_PASSWORD: 'test-login-keyring-password',
    DBUS_SESSION_BUS_ADDRESS: undefined,
    GNOME_KEYRING_CONTROL: undefined,
  };

  return new Promise((resolve, reject) => {
    // Own process group, so a timeout kills the whole session we started and nothing else.
    const child = spawn('dbus-run-session', ['--', 'sh', script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const read = (name: string): string => {
      try {
        return readFileSync(join(out, name), 'utf8');
      } catch {
        return '';
      }
    };
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`The Secret Service session did not finish in time.\n${stderr}\n${read('daemon.err')}`));
    }, options.timeoutMs ?? 25_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 90) {
        reject(new Error(`gnome-keyring-daemon did not start: ${read('daemon.err')}\n${stderr}`));
        return;
      }
      const results = steps.map((_, index): StepResult => {
        const rc = read(`${index}.rc`).trim();
        return { code: rc === '' ? null : Number(rc), stdout: read(`${index}.out`), stderr: read(`${index}.err`) };
      });
      resolve({ steps: results, home, daemonLog: read('daemon.err') });
    });
  });
}

export interface BareBus {
  /** For DBUS_SESSION_BUS_ADDRESS. */
  address: string;
  close(): Promise<void>;
}

/**
 * A real session bus with no services at all (no .service files, so nothing can be activated): the
 * case where @napi-rs/keyring would silently fall back to the kernel keyring if not pinned.
 */
export async function startBareSessionBus(): Promise<BareBus> {
  assertSecretServiceInstalled();
  const root = mkdtempSync(join(tmpdir(), 'cs-bare-bus-'));
  const socket = join(root, 'bus');
  const config = join(root, 'bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path=${socket}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
`,
  );
  const daemon = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('dbus-daemon did not print its address')), 10_000);
    daemon.on('error', reject);
    daemon.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      resolve(out.trim());
    });
  });
  return {
    address,
    close: () =>
      new Promise((resolve) => {
        if (daemon.exitCode !== null || daemon.signalCode !== null) {
          resolve();
          return;
        }
        daemon.once('close', () => resolve());
        daemon.kill('SIGTERM');
      }),
  };
}
