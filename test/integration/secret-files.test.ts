import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../fixtures/servers/config';
import { isAlive, readPid, waitFor } from '../support/server-harness';
import { CLI, runCli, tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

// Each test runs the real CLI several times (about 1-2 s each on an idle machine).
vi.setConfig({ testTimeout: 90_000 });

const CREDENTIAL_SERVER = fileURLToPath(new URL('../fixtures/servers/credential-file-server.ts', import.meta.url));
const PASSPHRASE = 'a long test passphrase';

/** A service-account key as Google's console hands it out (a fake key of the same shape). */
const PRIVATE_KEY_BODY = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7SentinelKeyLine0123456789abcdef';
const KEY_FILE = `${JSON.stringify(
  {
    type: 'service_account',
    project_id: 'demo-project',
    private_key_id: 'f00dfacecafe1234567890abcdef1234567890ab',
    private_key: `-----BEGIN PRIVATE KEY-----\n${PRIVATE_KEY_BODY}\n-----END PRIVATE KEY-----\n`,
    client_email: 'drive-reader@demo-project.iam.gserviceaccount.com',
    client_id: '123456789012345678901',
    token_uri: 'https://oauth2.googleapis.com/token',
  },
  null,
  2,
)}\n`;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

interface Described {
  /** Redacted by the app: where a vault secret lives is not shown. */
  path: string;
  pathSha256: string;
  bytes: number;
  sha256: string;
  json: boolean;
  fileMode: number;
  folderMode: number;
}

async function setup(): Promise<{ home: string; env: Record<string, string>; runtime: string; keyFile: string; pidFile: string }> {
  const home = await passphraseHome(PASSPHRASE, 'cs-secret-files-');
  const top = mkdtempSync(join(tmpdir(), 'cs-secret-files-run-'));
  const runtime = join(top, 'xdg');
  mkdirSync(runtime, { mode: 0o700 });
  const keyFile = join(top, 'service-account.json');
  writeFileSync(keyFile, KEY_FILE, { mode: 0o600 });
  return { home, env: { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE, XDG_RUNTIME_DIR: runtime }, runtime, keyFile, pidFile: join(top, 'server.pid') };
}

/** Every secret file under the runtime root, whichever process folder holds it. */
function secretFilesUnder(runtime: string): string[] {
  const root = join(runtime, 'connected-services');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.SA_KEY')).map((name) => join(root, name));
}

async function addServer(home: string, env: Record<string, string>, pidFile: string): Promise<void> {
  const args = ['servers', 'add', 'gdrive', '--env', 'GOOGLE_APPLICATION_CREDENTIALS=${secretFile:SA_KEY}', '--env', `PID_FILE=${pidFile}`, '--cwd', ROOT, '--'];
  const add = await runCli(home, [...args, process.execPath, ...tsEntry(CREDENTIAL_SERVER)], { env });
  expect(add.code, add.stderr).toBe(0);
  const approve = await runCli(home, ['servers', 'approve', 'gdrive', '--yes'], { env });
  expect(approve.code, approve.stderr).toBe(0);
}

const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

/** Runs the real CLI at a terminal (a pty from util-linux `script`), typing `typed` (buffered by the pty until read). */
function runAtTerminal(home: string, args: string[], typed: string, env: Record<string, string>): { code: number | null; output: string } {
  const quote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;
  const line = [process.execPath, CLI, '--home', home, ...args].map(quote).join(' ');
  const run = spawnSync('script', ['-qec', line, '/dev/null'], { input: typed, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
  return { code: run.status, output: run.stdout };
}

let served: Served | undefined;
const orphans: number[] = [];
afterEach(async () => {
  await served?.stop();
  served = undefined;
  for (const pid of orphans.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

describe('secrets set --from-file', () => {
  it('stores a multi-line file byte for byte, lists only its name, and hands it to a program as a file', async () => {
    const { home, env, runtime, keyFile, pidFile } = await setup();
    const set = await runCli(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('${secretFile:SA_KEY}');
    expect(set.stdout).toContain(`${keyFile} is still there`);
    expect(existsSync(keyFile)).toBe(true);
    for (const output of [set.stdout, set.stderr]) expect(output).not.toContain(PRIVATE_KEY_BODY);

    const list = await runCli(home, ['secrets', 'list'], { env });
    expect(list.stdout).toContain('SA_KEY');
    expect(list.stdout).not.toContain('PRIVATE KEY');
    expect(list.stdout).not.toContain(PRIVATE_KEY_BODY);

    await addServer(home, env, pidFile);
    const call = await runCli(home, ['call', 'gdrive', 'describe_credential', '--json'], { env });
    expect(call.code, call.stderr).toBe(0);
    const described = JSON.parse((JSON.parse(call.stdout) as { content: { text: string }[] }).content[0]?.text ?? '{}') as Described;
    expect(described).toMatchObject({ bytes: Buffer.byteLength(KEY_FILE), sha256: sha256(KEY_FILE), json: true, fileMode: 0o600, folderMode: 0o700 });
    expect(described.path).toBe('[redacted]');
    // The command's own core stopped the program and removed its folder on the way out.
    expect(secretFilesUnder(runtime)).toEqual([]);
    for (const output of [call.stdout, call.stderr]) expect(output).not.toContain(PRIVATE_KEY_BODY);
  });

  it('deletes the original only when asked to, and refuses what is not a secret file with a clear error', async () => {
    const { home, env, keyFile } = await setup();
    const set = await runCli(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile, '--delete-original'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Deleted ${keyFile}.`);
    expect(existsSync(keyFile)).toBe(false);

    const missing = await runCli(home, ['secrets', 'set', 'OTHER', '--from-file', keyFile], { env });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('does not exist');

    const big = join(tempHome(), '..', 'big.json');
    writeFileSync(big, 'x'.repeat(64 * 1024 + 1));
    const tooBig = await runCli(home, ['secrets', 'set', 'OTHER', '--from-file', big, '--delete-original'], { env });
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain('larger than 64 KiB');
    expect(existsSync(big)).toBe(true);

    // In a folder whose name a shell would split: the hint's command must still work when pasted.
    const spaced = join(tempHome(), "my keys's");
    mkdirSync(spaced);
    const binary = join(spaced, 'key.p12');
    const bytes = Buffer.from([0x30, 0x82, 0x00, 0xff, 0xfe, 0x00, 0x01, ...randomBytes(200)]);
    writeFileSync(binary, bytes);
    const refused = await runCli(home, ['secrets', 'set', 'OTHER', '--server', 'files', '--from-file', binary], { env });
    expect(refused.code).toBe(2);
    const hinted = /Store it encoded: `(.*) \| (connected-services .*)`, and have the program decode it\./.exec(refused.stderr);
    expect(hinted?.[2], refused.stderr).toBe('connected-services secrets set OTHER --server files');
    expect(execFileSync('sh', ['-c', hinted?.[1] ?? 'false'], { encoding: 'utf8' })).toBe(bytes.toString('base64'));

    const noFile = await runCli(home, ['secrets', 'set', 'OTHER', '--delete-original'], { env, input: 'value-123456\n' });
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--delete-original needs --from-file');
    expect(JSON.parse((await runCli(home, ['secrets', 'list', '--json'], { env })).stdout)).toEqual([{ name: 'SA_KEY' }]);
  });
});

describe.skipIf(!hasScript)('at a terminal', () => {
  it('secrets set --from-file asks before deleting the original', async () => {
    const { home, env, keyFile } = await setup();
    const kept = runAtTerminal(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile], 'n\r', env);
    expect(kept.code, kept.output).toBe(0);
    expect(kept.output).toContain(`Delete ${keyFile} now that the vault holds it?`);
    expect(existsSync(keyFile)).toBe(true);
    const deleted = runAtTerminal(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile], 'y\r', env);
    expect(deleted.code, deleted.output).toBe(0);
    expect(deleted.output).toContain(`Deleted ${keyFile}.`);
    expect(existsSync(keyFile)).toBe(false);
  });

  it('import shows the credential files it found and moves them on a yes', async () => {
    const { home, env, keyFile } = await setup();
    const clientConfig = join(keyFile, '..', 'claude_desktop_config.json');
    writeFileSync(clientConfig, JSON.stringify({ mcpServers: { gdrive: { command: 'node', args: ['server.js'], env: { GOOGLE_APPLICATION_CREDENTIALS: keyFile } } } }));
    const imported = runAtTerminal(home, ['import', 'claude-desktop', '--path', clientConfig], 'y\r', env);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toContain(`gdrive GOOGLE_APPLICATION_CREDENTIALS = ${keyFile} (service_account)`);
    expect(imported.output).toContain('moved   gdrive env.GOOGLE_APPLICATION_CREDENTIALS');
    expect(imported.output).not.toContain(PRIVATE_KEY_BODY);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toContain('${secretFile:GDRIVE_GOOGLE_APPLICATION_CREDENTIALS}');
  });
});

describe('${secretFile:…} contents in errors', () => {
  it('redacts a line of the file and its path when a program prints them as it dies', async () => {
    const { home, env, keyFile, runtime } = await setup();
    expect((await runCli(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile], { env })).code).toBe(0);
    const leak = 'const f = process.env.KEY_FILE; const lines = require("fs").readFileSync(f, "utf8").split("\\n"); console.error("key at " + f + " says " + lines.find((l) => l.includes("private_key\\""))); process.exit(3)';
    const add = await runCli(home, ['servers', 'add', 'leaky', '--env', 'KEY_FILE=${secretFile:SA_KEY}', '--', process.execPath, '-e', leak], { env });
    expect(add.code, add.stderr).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'leaky', '--yes'], { env })).code).toBe(0);
    const call = await runCli(home, ['call', 'leaky', 'anything'], { env });
    expect(call.code).toBe(7);
    expect(call.stderr).toMatch(/key at \[redacted\] says\s+\[redacted\]/);
    expect(call.stderr).not.toContain(PRIVATE_KEY_BODY);
    expect(call.stderr).not.toContain(runtime);
    expect(secretFilesUnder(runtime)).toEqual([]);
  });
});

describe('${secretFile:…} in a running app', () => {
  it('writes the file at spawn, removes it when the program stops or crashes, and after a crash of the app at the next start-up', async () => {
    const { home, env, runtime, keyFile, pidFile } = await setup();
    expect((await runCli(home, ['secrets', 'set', 'SA_KEY', '--from-file', keyFile, '--delete-original'], { env })).code).toBe(0);
    await addServer(home, env, pidFile);
    served = await startServe(home, [], env);
    const describe = async (): Promise<Described> => {
      const answer = await served?.api('callTool', { server: 'gdrive', tool: 'describe_credential' });
      const text = (answer?.body.result as { content: { text: string }[] } | undefined)?.content[0]?.text;
      if (text === undefined) throw new Error(`call failed: ${JSON.stringify(answer?.body)}`);
      return JSON.parse(text) as Described;
    };

    const first = await describe();
    expect(first).toMatchObject({ sha256: sha256(KEY_FILE), fileMode: 0o600, folderMode: 0o700 });
    const written = secretFilesUnder(runtime);
    expect(written.map(sha256)).toEqual([first.pathSha256]);
    const path = written[0] ?? '';
    expect(path.startsWith(home)).toBe(false);

    // Stopped by the person: the file goes with the program.
    expect((await served.api('stopServer', { name: 'gdrive' })).status).toBe(200);
    await waitFor('the secret file removed after stop', () => !existsSync(path));

    // A crash: removed with the dead program, written again when it is started again.
    expect((await describe()).pathSha256).toBe(first.pathSha256);
    await served.api('callTool', { server: 'gdrive', tool: 'exit' });
    await waitFor('the secret file removed after the crash', () => !existsSync(path));
    expect((await describe()).sha256).toBe(sha256(KEY_FILE));
    expect(existsSync(path)).toBe(true);

    // The app itself dies without cleaning up (kill -9): the file stays until the next start-up.
    const serverPid = readPid(pidFile);
    orphans.push(serverPid);
    served.child.kill('SIGKILL');
    await waitFor('serve killed', () => served?.child.exitCode !== null || served.child.signalCode !== null);
    served = undefined;
    process.kill(serverPid, 'SIGKILL');
    expect(existsSync(path)).toBe(true);

    served = await startServe(home, [], env);
    expect(existsSync(path)).toBe(false);
    expect(secretFilesUnder(runtime)).toEqual([]);

    // Contents never reach the app's output or its status.
    const status = JSON.stringify((await served.api('status')).body);
    for (const text of [served.stderr(), status]) {
      expect(text).not.toContain(PRIVATE_KEY_BODY);
      expect(text).not.toContain('BEGIN PRIVATE KEY');
    }
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toContain('${secretFile:SA_KEY}');
  });
});

describe('import of entries whose env names credential files', () => {
  it('moves them into the vault with --move-credential-files, switching the entry to ${secretFile:…}, and prints no content', async () => {
    const { home, env, keyFile, runtime } = await setup();
    const tokenFile = join(keyFile, '..', 'token.json');
    const refresh = '1//0refresh-token-sentinel-0123456789';
    writeFileSync(tokenFile, JSON.stringify({ type: 'authorized_user', client_id: 'x.apps.googleusercontent.com', client_secret: 'GOCSPX-sentinel', refresh_token: refresh }));
    const clientConfig = join(keyFile, '..', 'claude_desktop_config.json');
    const entry = (credentials: Record<string, string>) => ({ command: process.execPath, args: tsEntry(CREDENTIAL_SERVER), cwd: ROOT, env: credentials });
    writeFileSync(
      clientConfig,
      JSON.stringify({
        mcpServers: {
          gdrive: entry({ GOOGLE_APPLICATION_CREDENTIALS: keyFile }),
          gmail: entry({ GMAIL_TOKEN_PATH: tokenFile, CREDENTIAL_ENV: 'GMAIL_TOKEN_PATH' }),
        },
      }),
    );

    const imported = await runCli(home, ['import', 'claude-desktop', '--path', clientConfig, '--move-credential-files'], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`moved   gdrive env.GOOGLE_APPLICATION_CREDENTIALS (service_account file ${keyFile}) into the vault; it is now \${secretFile:GDRIVE_GOOGLE_APPLICATION_CREDENTIALS}`);
    expect(imported.stdout).toContain('moved   gmail env.GMAIL_TOKEN_PATH (authorized_user file');
    expect(imported.stdout).toContain('`credentialFile` with a sign-in');
    for (const text of [imported.stdout, imported.stderr, readFileSync(join(home, 'mcp.json'), 'utf8')]) {
      expect(text).not.toContain(PRIVATE_KEY_BODY);
      expect(text).not.toContain(refresh);
    }
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> };
    expect(config.mcpServers['gdrive']?.env).toEqual({ GOOGLE_APPLICATION_CREDENTIALS: '${secretFile:GDRIVE_GOOGLE_APPLICATION_CREDENTIALS}' });
    expect(config.mcpServers['gmail']?.env['GMAIL_TOKEN_PATH']).toBe('${secretFile:GMAIL_GMAIL_TOKEN_PATH}');
    // The originals stay: other clients may still read them.
    expect(existsSync(keyFile) && existsSync(tokenFile)).toBe(true);

    for (const server of ['gdrive', 'gmail']) expect((await runCli(home, ['servers', 'approve', server, '--yes'], { env })).code).toBe(0);
    for (const [server, original] of [['gdrive', KEY_FILE], ['gmail', readFileSync(tokenFile, 'utf8')]] as const) {
      const call = await runCli(home, ['call', server, 'describe_credential', '--json'], { env });
      expect(call.code, call.stderr).toBe(0);
      const described = JSON.parse((JSON.parse(call.stdout) as { content: { text: string }[] }).content[0]?.text ?? '{}') as Described;
      expect(described).toMatchObject({ sha256: sha256(original), fileMode: 0o600 });
    }
    expect(secretFilesUnder(runtime)).toEqual([]);
  });

  it.runIf(process.platform !== 'win32')('lists a FIFO named by a credential variable as not a regular file, and does not wait on it', async () => {
    const { home, env, keyFile } = await setup();
    const fifo = join(keyFile, '..', 'token-fifo.json');
    execFileSync('mkfifo', [fifo]);
    const clientConfig = join(keyFile, '..', 'claude_desktop_config.json');
    writeFileSync(clientConfig, JSON.stringify({ mcpServers: { gmail: { command: 'node', args: ['server.js'], env: { GMAIL_TOKEN_PATH: fifo } } } }));
    // runCli kills it and fails past its bound (a hang guard): before the fix, open() waited for a writer.
    const imported = await runCli(home, ['import', 'claude-desktop', '--path', clientConfig, '--move-credential-files'], { env, timeoutMs: 40_000 });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`found   gmail env.GMAIL_TOKEN_PATH names a credential file (${fifo}), left in place: not a regular file`);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> };
    expect(config.mcpServers['gmail']?.env).toEqual({ GMAIL_TOKEN_PATH: fifo });
  });

  it('without the flag (no terminal) reports the files and leaves the entries as they were', async () => {
    const { home, env, keyFile } = await setup();
    const clientConfig = join(keyFile, '..', 'claude_desktop_config.json');
    writeFileSync(clientConfig, JSON.stringify({ mcpServers: { gdrive: { command: 'node', args: ['server.js'], env: { GOOGLE_APPLICATION_CREDENTIALS: keyFile } } } }));
    const imported = await runCli(home, ['import', 'claude-desktop', '--path', clientConfig, '--json'], { env });
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as { credentialFiles: unknown[] };
    // (The path itself, a literal value of a secret-named variable left in mcp.json, is redacted like one.)
    expect(report.credentialFiles).toMatchObject([{ server: 'gdrive', variable: 'GOOGLE_APPLICATION_CREDENTIALS', kind: 'service_account', moved: false }]);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { env: Record<string, string> }> };
    expect(config.mcpServers['gdrive']?.env).toEqual({ GOOGLE_APPLICATION_CREDENTIALS: keyFile });
    expect(imported.stdout).not.toContain(PRIVATE_KEY_BODY);
    expect(JSON.parse((await runCli(home, ['secrets', 'list', '--json'], { env })).stdout)).not.toContainEqual({ name: 'GDRIVE_GOOGLE_APPLICATION_CREDENTIALS' });
  });
});
