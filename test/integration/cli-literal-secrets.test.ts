import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutSecretNotes } from '../support/secret-notes';
import { runCli, tempHome } from '../support/cli';

const TOKEN = 'sk-live-4f1c9a0b7e2d';

// README: keys and tokens go into the vault, never into mcp.json (SECURITY.md: nothing written in clear).
describe('CLI: a secret typed into --header or --env is refused, never written to mcp.json', () => {
  it('servers add and servers edit refuse it, name the vault command, and never repeat the value', async () => {
    const home = tempHome('cs-cli-literal-secret-');
    const header = await runCli(home, ['servers', 'add', 'g', '--url', 'https://api.example.com/mcp', '--header', `Authorization: Bearer ${TOKEN}`]);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('--header Authorization holds a secret in clear');
    expect(header.stderr).toContain('connected-services secrets set G_AUTHORIZATION');
    // The literal form to type: the output's redaction keeps a reference (a name), never the value.
    expect(header.stderr).toContain("then give --header 'Authorization: Bearer ${secret:G_AUTHORIZATION}' (in single quotes");
    expect(header.stdout + header.stderr).not.toContain(TOKEN);
    const env = await runCli(home, ['servers', 'add', 'gh', '--env', `GITHUB_TOKEN=${TOKEN}`, '--', 'node', '-e', '0']);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain("then give --env 'GITHUB_TOKEN=${secret:GH_GITHUB_TOKEN}' (in single quotes");
    expect(env.stdout + env.stderr).not.toContain(TOKEN);

    // References and values that are no secret pass, as before.
    expect((await runCli(home, ['servers', 'add', 'ok', '--url', 'https://api.example.com/mcp', '--header', 'X-Team: blue', '--header', 'Authorization: Bearer ${secret:G_AUTHORIZATION}'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'add', 'prog', '--env', 'GITHUB_TOKEN=${secret:GH}', '--env', 'RUN_ID=5c3f0e2a-1b7d-4e8f-9a6c-2d4b8e1f0a37', '--env', 'GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa.json', '--env', 'SSH_KEY=~/.ssh/id_ed25519', '--', 'node', '-e', '0'])).code).toBe(0);
    const edited = await runCli(home, ['servers', 'edit', 'ok', '--header', `X-Api-Key: ${TOKEN}`]);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain('--header X-Api-Key holds a secret in clear');
    const editedEnv = await runCli(home, ['servers', 'edit', 'prog', '--env', `API_KEY=${TOKEN}`]);
    expect(editedEnv.code).toBe(2);

    // What a shell leaves of an unquoted ${secret:…}: nothing, or the scheme alone; said so, not stored empty.
    const emptiedEnv = await runCli(home, ['servers', 'add', 'blank', '--env', 'OPENAI_API_KEY=', '--', 'node', '-e', '0']);
    const emptiedHeader = await runCli(home, ['servers', 'add', 'blank', '--url', 'https://api.example.com/mcp', '--header', 'Authorization: Bearer ']);
    for (const run of [emptiedEnv, emptiedHeader]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('your shell replaced it with nothing');
      expect(run.stderr).toContain('single quotes');
    }
    // Secrets that only look like something else: a base64 key beginning with '/', a URL with a password, a stray '${'.
    const disguised = [
      ['AWS_SECRET_ACCESS_KEY', '/wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
      ['DATABASE_URL', 'postgres://app:S3cretPassw0rd@db.example.com/app'],
      ['SLACK_TOKEN', 'xoxb-123${'],
    ];
    for (const [key, value] of disguised) {
      const run = await runCli(home, ['servers', 'add', 'disguised', '--env', `${key}=${value}`, '--', 'node', '-e', '0']);
      expect({ key, code: run.code }).toEqual({ key, code: 2 });
      expect(run.stdout + run.stderr).not.toContain(value);
    }
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toMatch(/"(?:blank|disguised)"/);

    for (const run of [header, env, edited, editedEnv]) expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).not.toContain(TOKEN);
  }, 60_000);

  it('says why a credential flag\'s value beside a reference is refused, and takes one that names a place', async () => {
    const home = tempHome('cs-cli-beside-argument-');
    const glued = await runCli(home, ['servers', 'add', 'tk', '--', 'node', 'x.js', '--token', '${secret:X}/rest']);
    expect(glued.code).toBe(2);
    expect(glued.stderr).toContain('Argument 3 of the command (the value of --token) has text written beside its reference');
    expect(glued.stderr).toContain('text glued to one stays in mcp.json in clear');
    expect(glued.stderr).toContain("secrets set TK_TOKEN` (it asks for the value without echo) and write --token '${secret:TK_TOKEN}'");
    expect(glued.stderr).toContain('_URL or _DIR');
    const place = await runCli(home, ['servers', 'add', 'place', '--', 'node', 'x.js', '--key', '${env:HOME}/.ssh/id_ed25519', '--credentials=${secret:CREDS_DIR}/sa.json']);
    // An env reference is a place's start by its name, as a secret one is: $PART may hold a key's start.
    const envTail = await runCli(home, ['servers', 'add', 'envtail', '--env', 'API_KEY=${env:PART}/rest', '--', 'node', 'x.js']);
    expect(envTail.code).toBe(2);
    expect(envTail.stderr).toContain('--env API_KEY holds a secret in clear');
    const envHome = await runCli(home, ['servers', 'add', 'envhome', '--env', 'SSL_KEY=${env:USERPROFILE}\\certs\\key.pem', '--env', 'API_KEY=${env:API_BASE_URL}/v1', '--', 'node', 'x.js']);
    expect({ code: envHome.code, err: withoutSecretNotes(envHome.stderr) }).toEqual({ code: 0, err: [] });
    expect({ code: place.code, err: withoutSecretNotes(place.stderr).filter((line) => !line.startsWith('warning: ${secret:CREDS_DIR} goes into')) }).toEqual({ code: 0, err: [] });
  }, 60_000);
});
