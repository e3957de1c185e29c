import { describe, expect, it } from 'vitest';
import { findLiteralSecrets, secretInUrl } from '../../shared/config';
import { moveSecrets } from './import-secrets';
import { STDIO_IN_CLEAR } from '../../test/fixtures/secrets/stdio-in-clear';

/** Stores each value under the name it is offered, and keeps what it was given and for which server. */
function vault(): { sink: (server: string, name: string, value: string) => Promise<string>; stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    sink: (server, name, value) => {
      // Kept as `server/NAME`: each moved secret is stored as its server's own.
      stored.set(`${server}/${name}`, value);
      return Promise.resolve(name);
    },
    stored,
  };
}

describe('the secrets an import moves: as `servers add` judges them', () => {
  it('moves them into the vault and writes references in their place, the flag kept', async () => {
    const { sink, stored } = vault();
    const { config, moved } = await moveSecrets('db', STDIO_IN_CLEAR, sink);
    expect(config).toEqual({
      command: 'npx',
      args: ['-y', 'some-mcp', '--api-key', '${secret:DB_API-KEY}', '--password=${secret:DB_PASSWORD}', '--verbose', 'some-project'],
      env: {
        DATABASE_URL: '${secret:DB_DATABASE_URL}',
        DB_PASS: '${secret:DB_PASS}',
        PGPASS: '${secret:DB_PGPASS}',
        LOG_LEVEL: 'debug',
        DB_PASS_REF: '${secret:KEPT}',
        SSL_KEY: '~/.ssh/id',
      },
    });
    expect(moved.map((m) => m.field)).toEqual(['env.DATABASE_URL', 'env.DB_PASS', 'env.PGPASS', 'args.3', 'args.4']);
    expect(stored.get('db/DB_API-KEY')).toBe('sk-ant-api03-AAAAbbbbCCCCddddEEEE1234');
    expect(stored.get('db/DB_PASSWORD')).toBe('hunter2');
    expect(JSON.stringify(config)).not.toMatch(/hunter2|Hunter2|s3cret|sk-ant/);
  });

  it("names the URL's secret a person moves by hand, and nothing in a plain URL", () => {
    expect(secretInUrl({ type: 'http', url: 'https://mcp.example.com/mcp?api_key=AAAAbbbbCCCCddddEEEE1234' })).toBe('its parameter api_key');
    expect(secretInUrl({ type: 'http', url: 'https://me:Passw0rd@mcp.example.com/mcp' })).toBe('its password');
    expect(secretInUrl({ type: 'http', url: 'https://mcp.example.com/mcp?region=eu' })).toBeUndefined();
    expect(secretInUrl({ command: 'npx' })).toBeUndefined();
  });

  it('still moves an auth header, its scheme kept', async () => {
    const { sink } = vault();
    const { config } = await moveSecrets('api', { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer abcdEFGH1234ijklMNOP5678', 'X-Pass': 'hunter2' } }, sink);
    expect(config).toMatchObject({ headers: { Authorization: 'Bearer ${secret:API_AUTHORIZATION}' } });
  });

  it("moves a header whose name holds a credential's word (X-Api-Pass), not one that only holds its letters", () => {
    const found = findLiteralSecrets('s', { type: 'http', url: 'https://a.example/mcp', headers: { 'X-Api-Pass': 'hunter2', 'X-Team': 'blue', 'X-Monkey': 'banana' } });
    expect(found.map((f) => [f.field, f.value, f.replacement('S_X_API_PASS')])).toEqual([['headers.X-Api-Pass', 'hunter2', '${secret:S_X_API_PASS}']]);
  });

  it("moves a URL query's secrets into the vault, the reference written in their place, the rest as it was", async () => {
    const { sink, stored } = vault();
    const url = 'https://mcp.example.com/mcp?region=eu&api_key=AAAA%26bbbbCCCCddddEEEE1234&token=ghp_0123456789abcdefABCDEF#frag';
    const { config, moved } = await moveSecrets('remote', { type: 'http', url }, sink);
    expect(config).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp?region=eu&api_key=${secret:REMOTE_API_KEY}&token=${secret:REMOTE_TOKEN}#frag' });
    expect(moved.map((m) => m.field)).toEqual(['url.api_key', 'url.token']);
    expect([...stored]).toEqual([['remote/REMOTE_API_KEY', 'AAAA&bbbbCCCCddddEEEE1234'], ['remote/REMOTE_TOKEN', 'ghp_0123456789abcdefABCDEF']]);
    expect(secretInUrl(config)).toBeUndefined();
    // A token in the path stays, said so.
    const path = await moveSecrets('remote', { type: 'http', url: 'https://mcp.example.com/u/ghp_0123456789abcdefABCDEF/mcp' }, sink);
    expect(secretInUrl(path.config)).toBe('a token in its path');
  });
});
