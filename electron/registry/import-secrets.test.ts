import { describe, expect, it } from 'vitest';
import { moveSecrets } from './import-secrets';

/** Stores each value under the name it is offered, and keeps what it was given. */
function vault(): { sink: (name: string, value: string) => Promise<string>; stored: Map<string, string> } {
  const stored = new Map<string, string>();
  return {
    sink: (name, value) => {
      stored.set(name, value);
      return Promise.resolve(name);
    },
    stored,
  };
}

/** The shapes `servers add` refuses, as Claude Desktop files hold them. */
const STDIO = {
  command: 'npx',
  args: ['-y', 'some-mcp', '--api-key', 'sk-ant-api03-AAAAbbbbCCCCddddEEEE1234', '--password=hunter2', '--verbose', 'some-project'],
  env: {
    DATABASE_URL: 'postgres://admin:Hunter2Passw0rd@db.internal:5432/prod',
    DB_PASS: 'hunter2',
    PGPASS: 's3cret!',
    LOG_LEVEL: 'debug',
    DB_PASS_REF: '${secret:KEPT}',
    SSL_KEY: '~/.ssh/id',
  },
};

describe('the secrets an import moves: as `servers add` judges them', () => {
  it('moves them into the vault and writes references in their place, the flag kept', async () => {
    const { sink, stored } = vault();
    const { config, moved } = await moveSecrets('db', STDIO, sink);
    expect(config).toEqual({
      command: 'npx',
      args: ['-y', 'some-mcp', '--api-key', '${secret:DB_API-KEY}', '--password=${secret:DB_PASSWORD}', '--verbose', 'some-project'],
      env: {
        DATABASE_URL: '${secret:DB_DATABASE_URL}',
        DB_PASS: '${secret:DB_DB_PASS}',
        PGPASS: '${secret:DB_PGPASS}',
        LOG_LEVEL: 'debug',
        DB_PASS_REF: '${secret:KEPT}',
        SSL_KEY: '~/.ssh/id',
      },
    });
    expect(moved.map((m) => m.field)).toEqual(['env.DATABASE_URL', 'env.DB_PASS', 'env.PGPASS', 'args.3', 'args.4']);
    expect(stored.get('DB_API-KEY')).toBe('sk-ant-api03-AAAAbbbbCCCCddddEEEE1234');
    expect(stored.get('DB_PASSWORD')).toBe('hunter2');
    expect(JSON.stringify(config)).not.toMatch(/hunter2|Hunter2|s3cret|sk-ant/);
  });

  it('still moves an auth header, its scheme kept', async () => {
    const { sink } = vault();
    const { config } = await moveSecrets('api', { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer abcdEFGH1234ijklMNOP5678', 'X-Pass': 'hunter2' } }, sink);
    expect(config).toMatchObject({ headers: { Authorization: 'Bearer ${secret:API_AUTHORIZATION}' } });
  });
});
