import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { ROOT, runCli, tempHome } from '../support/cli';

// A program's vault: its terminal is the program's own, so the passphrase is never asked there (the
// open waited for ever on a terminal, and failed cleanly without one); and a secret the vault would
// lose when the program ends is refused, as `secrets set` refuses it, not answered `ok`.
const LIBRARY = pathToFileURL(join(ROOT, 'dist', 'library.mjs')).href;

/** Runs `source` on a pseudo-terminal (util-linux `script`) with `env`; what it printed, or null once `ms` passed. */
function onTerminal(file: string, env: Record<string, string | undefined>, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('script', ['-qfec', `'${process.execPath}' '${file}'`, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

describe('a program using the library, and its vault', () => {
  it('is never asked for the passphrase at its terminal: a sealed vault rejects, saying how a program gives it', async () => {
    const home = tempHome('cs-library-tty-');
    const set = await runCli(home, ['secrets', 'set', 'A'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'the right passphrase' }, input: 'value-1234567\n' });
    expect(set.code, set.stderr).toBe(0);
    const program = join(dirname(home), 'program.mjs');
    writeFileSync(
      program,
      `import { openConnectedServices } from ${JSON.stringify(LIBRARY)};
const cs = await openConnectedServices({ home: ${JSON.stringify(home)} });
try { await cs.listSecrets(); console.log('RESULT listed'); }
catch (e) { console.log('RESULT ' + JSON.stringify({ code: e.code, message: e.message, hint: e.hint })); }
finally { await cs.close(); }
`,
    );
    const env = { ...process.env, CONNECTED_SERVICES_PASSPHRASE: undefined, CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
    const output = await onTerminal(program, env, 25_000);
    expect(output, 'the program waited at its terminal').not.toBeNull();
    expect(output).not.toContain('Vault passphrase');
    const said = JSON.parse(/RESULT (\{.*\})/.exec(output ?? '')?.[1] ?? '{}') as Record<string, string>;
    expect(said).toEqual({
      code: 'auth_required',
      message: 'The vault is sealed with a passphrase and none was given.',
      hint: "Give CONNECTED_SERVICES_PASSPHRASE in openConnectedServices({ env }) or in the program's environment: a program is never asked for it at its terminal",
    });
  }, 60_000);

  it('refuses a secret a memory-only vault would lose when the program ends, and stores it once a passphrase is given', async () => {
    const home = tempHome('cs-library-memory-');
    const memoryEnv = { ...process.env, CONNECTED_SERVICES_PASSPHRASE: '', DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
    const cs = await openConnectedServices({ home, env: memoryEnv });
    try {
      expect((await cs.api.status({})).vault.persistent).toBe(false);
      await expect(cs.setSecret('K', 'memory-value-1')).rejects.toMatchObject({
        code: 'denied',
        message: expect.stringMatching(/^The vault cannot keep secrets beyond this program \(nothing was stored\): /) as unknown,
        hint: expect.stringContaining('Give CONNECTED_SERVICES_PASSPHRASE') as unknown,
        data: { reason: 'vault_memory_only' },
      });
      expect(await cs.listSecrets()).toEqual([]);
    } finally {
      await cs.close();
    }
    const kept = await openConnectedServices({ home, env: { ...memoryEnv, CONNECTED_SERVICES_PASSPHRASE: 'a passphrase of mine' } });
    try {
      await kept.setSecret('K', 'kept-value-1');
    } finally {
      await kept.close();
    }
    const again = await openConnectedServices({ home, env: { ...memoryEnv, CONNECTED_SERVICES_PASSPHRASE: 'a passphrase of mine' } });
    try {
      expect(await again.listSecrets()).toEqual([expect.objectContaining({ name: 'K' })]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
