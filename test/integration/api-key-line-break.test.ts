import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

// Each case runs the real CLI a few times.
vi.setConfig({ testTimeout: 90_000 });

const FIRST = 'sk-live-SUPERSECRET-0123456789';
const SECOND = 'second-line-of-the-key-abcdef';

/** Everything the core wrote under its home: the audit logs and whatever else, as one text. */
function written(home: string, dir = home): string {
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) text += written(home, path);
    else if (entry.name.endsWith('.jsonl') || entry.name.endsWith('.log')) text += readFileSync(path, 'utf8');
  }
  return text;
}

// Fetch's refusal of a header value quotes the value: a key of two lines must not be printed or written
// to the admin log in full (its trailing newline gone, it is not matched as stored).
const CASES = [
  { why: 'X-Api-Key', entry: { auth: { type: 'api_key', header: 'X-Api-Key', key: '${secret:webkey}' } }, says: 'cannot be sent in the "X-Api-Key" header: it holds a line break' },
  { why: 'Authorization', entry: { auth: { type: 'api_key', header: 'Authorization', key: '${secret:webkey}' } }, says: 'cannot be sent in the "Authorization" header: it holds a line break' },
  { why: 'a header of the entry', entry: { headers: { 'X-Token': '${secret:webkey}' } }, says: 'the "X-Token" header cannot be sent: the secret in it holds a line break' },
];

describe('a secret that cannot be sent in a header', () => {
  for (const { why, entry, says } of CASES) {
    it(`is refused by name, with what to do, and never printed or logged (${why})`, async () => {
      const env = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };
      const home = await passphraseHome(env, 'cs-api-key-lines-');
      const keyFile = join(dirname(home), 'key.txt');
      writeFileSync(keyFile, `${FIRST}\n${SECOND}\n`);
      expect((await runCli(home, ['secrets', 'set', 'webkey', '--from-file', keyFile], { env })).code).toBe(0);
      const config = { mcpServers: { web: { type: 'http', url: 'http://127.0.0.1:9/mcp', ...entry } } };
      writeFileSync(join(home, 'mcp.json'), JSON.stringify(config));
      expect((await runCli(home, ['servers', 'approve', 'web', '--yes'], { env })).code).toBe(0);

      const run = await runCli(home, ['tools', 'web'], { env });
      const shown = run.stdout + run.stderr;
      expect(run.code).toBe(2);
      expect(shown).toContain(says);
      expect(shown).toMatch(/one line of text/);
      for (const text of [shown, written(home)]) {
        expect(text).not.toContain('SUPERSECRET');
        expect(text).not.toContain(SECOND);
      }
    });
  }
});
