import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startTokenApi, type TokenApi } from '../fixtures/stdio-auth/token-api';
import { tsEntry } from '../support/ts-entry';

// `${token:OTHER}` hands OTHER's credential to another program. That program's approval covers the
// reference as written, not OTHER's `auth` block; an edit of mcp.json that points OTHER at another
// key must not reach the approved program until the person approves OTHER as edited.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'token other approval passphrase' };
const ENV_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token-env-server.ts', import.meta.url));
const NOTES_KEY = 'notes-key-3b9e0c7d51a24f68';
const BANK_KEY = 'bank-key-e8a1f4c2970b3d56';

describe('${token:OTHER}: the other entry\'s approval covers which credential it hands out', () => {
  let api: TokenApi;
  let home: string;
  const cli = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}), timeoutMs: 60_000 });
  const config = (key: string) => ({
    mcpServers: {
      // Holds the key; a program of its own that receives it as `${token}`.
      notes: { command: process.execPath, args: tsEntry(ENV_SERVER), cwd: ROOT, env: { API_TOKEN: '${token}', API_URL: api.url }, auth: { type: 'api_key', key } },
      // Another program given the notes key.
      reader: { command: process.execPath, args: tsEntry(ENV_SERVER), cwd: ROOT, env: { API_TOKEN: '${token:notes}', API_URL: api.url } },
    },
  });

  beforeAll(async () => {
    api = await startTokenApi('http://127.0.0.1:9', { apiKeys: [NOTES_KEY, BANK_KEY] });
    home = await passphraseHome(PASSPHRASE, 'cs-token-other-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config('${secret:NOTES_KEY}')));
    expect((await cli(['secrets', 'set', 'NOTES_KEY'], `${NOTES_KEY}\n`)).code).toBe(0);
    expect((await cli(['secrets', 'set', 'BANK_KEY'], `${BANK_KEY}\n`)).code).toBe(0);
    for (const name of ['notes', 'reader']) expect((await cli(['servers', 'approve', name])).code).toBe(0);
  }, 60_000);
  afterAll(() => api.close());

  it('hands the approved key over, and after an edit to another key hands out nothing until that is approved', async () => {
    const first = await cli(['call', 'reader', 'whoami', '{}']);
    expect(first.code, first.stderr).toBe(0);
    expect(api.requests.map((r) => r.token)).toEqual([NOTES_KEY]);

    // Whoever can write mcp.json points notes at the bank's key; reader's own entry is unchanged.
    const file = join(home, 'mcp.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('${secret:NOTES_KEY}', '${secret:BANK_KEY}'));
    const refused = await cli(['call', 'reader', 'whoami', '{}']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('error [denied]: The credential of "notes" goes to no program while its entry waits for your approval.');
    expect(refused.stderr).toContain('connected-services servers approve notes');
    expect(api.requests.map((r) => r.token)).toEqual([NOTES_KEY]);
    for (const text of [refused.stdout, refused.stderr]) expect(text).not.toContain(BANK_KEY);

    // The person approves notes as edited: now the program is handed that key.
    expect((await cli(['servers', 'approve', 'notes'])).code).toBe(0);
    const after = await cli(['call', 'reader', 'whoami', '{}']);
    expect(after.code, after.stderr).toBe(0);
    expect(api.requests.map((r) => r.token)).toEqual([NOTES_KEY, BANK_KEY]);
  }, 120_000);
});
