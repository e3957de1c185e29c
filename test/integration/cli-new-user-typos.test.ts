import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A new user's walk through the command line with typos and wrong values: each mistake is answered
// with what they most likely meant, in the option's own words, and exit 2 (nothing done).
describe('typos and wrong values a new user types', () => {
  const home = tempHome('cs-new-user-typos-');

  it('a typo of the refused --token suggests --token-stdin (commander suggests only options shown in help)', async () => {
    const result = await runCli(home, ['agents', 'config', 'laptop', '--tokn', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: unknown option '--tokn'\n {2}hint: Did you mean --token-stdin\? /);
  });

  it('a typo of a required option names the typo, not only "required option not specified"', async () => {
    const result = await runCli(home, ['agents', 'connect', 'laptop', '--clint', 'claude-code']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: required option '--client <client>' not specified\n {2}hint: Did you mean --client \(you typed --clint\)\? /);
    const missing = await runCli(home, ['agents', 'connect', 'laptop']);
    expect(missing.stderr).toMatch(/hint: Give it: `--client <client>`\. /);
  });

  it('an import source one letter off gets the source it likely meant', async () => {
    const result = await runCli(home, ['import', 'cursr']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: Unknown source "cursr"; use one of: [^\n]+\n {2}hint: Did you mean cursor\? /);
  });

  it('an import source that names a file points to --path', async () => {
    const result = await runCli(home, ['import', './file.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown source "./file.json"');
    expect(result.stderr).toContain('hint: A file is given with --path after the client whose format it has: connected-services import claude-desktop --path ./file.json');
  });

  it('secrets set NAME VALUE says why no value goes on the command line, and how to give it, storing nothing', async () => {
    const result = await runCli(home, ['secrets', 'set', 'API_KEY', 'sk-live-0123456789abcdef']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [invalid_input]: secrets set takes no value on its command line: there it stays in your shell history');
    expect(result.stderr).toContain('printf %s "$VALUE" | connected-services secrets set NAME');
    expect(result.stderr).not.toContain('sk-live-0123456789abcdef');
    expect((await runCli(home, ['secrets', 'list', '--json'])).stdout).not.toContain('API_KEY');
  });

  it('secrets get NAME says no value is printed here and where one is, not "Did you mean secrets set" (which overwrites it)', async () => {
    for (const word of ['get', 'show', 'reveal']) {
      const result = await runCli(home, ['secrets', word, 'API_KEY']);
      expect(result.code, word).toBe(2);
      expect(result.stderr).toContain("hint: A secret's value is never printed on the command line: `connected-services secrets list` lists the names, and the app's Access page reveals or copies one after you confirm. `connected-services help secrets` explains its commands");
      expect(result.stderr).not.toContain('secrets set');
    }
  });

  it('secrets delete with a name one letter off gets the name it likely meant', async () => {
    const own = tempHome('cs-new-user-delete-');
    const stored = await runCli(own, ['secrets', 'set', 'DEMO_TOKEN'], { input: 'not-a-real-token', env: { CONNECTED_SERVICES_PASSPHRASE: 'typos-pass' } });
    expect(stored.code, stored.stderr).toBe(0);
    const result = await runCli(own, ['secrets', 'delete', 'DEMO_TOKN'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'typos-pass' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error [not_found]: No secret named DEMO_TOKN\n  hint: Did you mean DEMO_TOKEN? `connected-services secrets list` lists them\n');
  });

  it('agents add --for a client whose prefix is not known prints its configuration and says how to make names fit', async () => {
    const result = await runCli(home, ['agents', 'add', 'surfer', '--for', 'windsurf']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('"serverUrl": "http://127.0.0.1:');
    expect(result.stderr).toContain('# the prefix Windsurf puts before tool names is not known here: give its length with --for N to make names fit it');
    expect(result.stderr).toContain('# no client recorded: names are kept within 64 characters without a client prefix');
  });

  it('bridge --stdio --agent "" (an unset shell variable) is refused as an empty value, not looked up', async () => {
    for (const args of [['bridge', '--stdio', '--agent', ''], ['bridge', 'headers', '--agent', '']]) {
      const result = await runCli(home, args, { input: '' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('error [invalid_input]: --agent was given an empty value: give one, or leave --agent out');
    }
  });

  it('bridge --stdio --url that is no http address is a mistyped option (exit 2), not an unreachable bridge (exit 7)', async () => {
    for (const url of ['notaurl', 'ftp://127.0.0.1/mcp', '127.0.0.1:47821/mcp']) {
      const result = await runCli(home, ['bridge', '--stdio', '--url', url], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: '' });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`error [invalid_input]: --url takes the bridge's http address, not "${url}"`);
      expect(result.stdout).toBe('');
    }
  });

  it("call's --timeout past an hour is said in the option's words, not the API schema's", async () => {
    const result = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}', '--timeout', '99999999999']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [invalid_input]: --timeout takes a whole number of milliseconds from 1 to 3600000 (an hour), not "99999999999"');
    expect(result.stderr).not.toContain('timeoutMs');
    // In range to Number(), yet not a whole number as a person writes one: refused, not read as 1000 and 512.
    for (const odd of ['1e3', '0x200']) {
      const typed = await runCli(home, ['call', 'everything', 'echo', '{"message":"hi"}', '--timeout', odd]);
      expect(typed.code).toBe(2);
      expect(typed.stderr).toContain(`error [invalid_input]: --timeout takes a whole number of milliseconds from 1 to 3600000 (an hour), not "${odd}"`);
    }
  });

  it('read with a word that is not a URI is refused before the server is asked (it was exit 1, blamed on the server)', async () => {
    const result = await runCli(home, ['read', 'everything', 'architecture.md']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: "architecture\.md" is not a resource URI: it needs a scheme, [^\n]+\n {2}hint: `connected-services resources everything` lists the URIs it offers/);
    expect(result.stderr).not.toContain('the server reported');
  });
});

describe('a per-tool rule for a server that is not configured', () => {
  const home = tempHome('cs-new-user-rules-');

  it('is kept, with a note naming the server it likely meant (as --servers gets)', async () => {
    expect((await runCli(home, ['agents', 'add', 'laptop', '--servers', '*'])).code).toBe(0);
    const result = await runCli(home, ['agents', 'set', 'laptop', '--tool', 'evrything/echo=allow']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('note: no server named "evrything" is configured (yet); its --tool rule applies once one is added under that name. Did you mean everything?');
    expect(result.stdout).toContain('evrything/echo=allow');
    const known = await runCli(home, ['agents', 'set', 'laptop', '--tool', 'everything/echo=deny']);
    expect(known.stderr).not.toContain('no server named');
  }, 60_000);

  it('says nothing before the error of an agent that is not there', async () => {
    const result = await runCli(home, ['agents', 'set', 'nobody', '--tool', 'evrything/echo=allow']);
    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('note:');
  });
});
