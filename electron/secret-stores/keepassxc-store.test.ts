import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { createKeepassxcStore, entriesTitledElsewhere, entryElsewhere, MAX_ENTRIES_ELSEWHERE } from './keepassxc-store';
import type { StoreSpawn } from './run-store-program';

// What is decided before keepassxc-cli runs: no database, no file, no password. The program itself
// is tested for real in test/integration/secret-store-keepassxc.test.ts.
const neverSpawn: StoreSpawn = () => {
  throw new Error('keepassxc-cli must not run');
};

async function refusal(promise: Promise<unknown>): Promise<CodedError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CodedError)) throw new Error('expected a CodedError');
  expect(error.code).toBe('auth_required');
  return error;
}

const store = (config: Parameters<typeof createKeepassxcStore>[0]['config']) =>
  createKeepassxcStore({ name: 'kp', config, env: {}, vaultSecret: () => Promise.resolve(undefined), spawn: neverSpawn });

describe('the KeePassXC store before its program runs', () => {
  it('a store with no database says which setting names one', async () => {
    const error = await refusal(store({ type: 'keepassxc' }).get('a'));
    expect(error.message).toBe('The secret store "kp" names no database.');
    expect(error.hint).toContain('CONNECTED_SERVICES_KEEPASSXC_DATABASE');
  });

  it('a database that is not there is named', async () => {
    const missing = store({ type: 'keepassxc', database: '/nonexistent/x.kdbx' });
    expect((await refusal(missing.get('a'))).message).toBe('The secret store "kp" cannot find its database /nonexistent/x.kdbx.');
    const health = await missing.health();
    expect(health.ok).toBe(false);
    expect(health.fix).toContain('"database"');
  });

  it('a database it cannot open is named to the person, and agents are told only that (the real keepassxc-cli)', async () => {
    const database = new URL(import.meta.url).pathname; // a file, but no database
    const error = await refusal(createKeepassxcStore({ name: 'kp', config: { type: 'keepassxc', database }, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', CONNECTED_SERVICES_KEEPASSXC_PASSWORD: 'x' }, vaultSecret: () => Promise.resolve(undefined) }).get('a'));
    expect(error.message).toContain(`could not open ${database}`);
    expect(error.data).toEqual({ store: 'kp', agentMessage: 'The secret store "kp" could not open its database.' });
  });

  it('a password that is nowhere says where it was looked for', async () => {
    const database = new URL(import.meta.url).pathname; // any file that exists
    const fromVault = await refusal(store({ type: 'keepassxc', database, passwordSecret: 'KP' }).get('a'));
    expect(fromVault.message).toContain('the vault holds no secret "KP"');
    expect(fromVault.hint).toContain('secrets set KP');
    expect((await refusal(store({ type: 'keepassxc', database, passwordEnv: 'MY_KP' }).get('a'))).message).toContain('MY_KP is not set');
  });
});

describe('an entry asked for where it is not, but whose title is elsewhere', () => {
  const listed = ['Internet/GitHub', 'Work/GitHub', 'GitHubber', 'Internet/GitLab', 'Top'];

  it('finds the entries of that title at other paths, from the root, a few at most', () => {
    expect(entriesTitledElsewhere(listed, 'GitHub')).toEqual(['/Internet/GitHub', '/Work/GitHub']);
    expect(entriesTitledElsewhere(listed, '/Work/GitHub')).toEqual(['/Internet/GitHub']);
    expect(entriesTitledElsewhere(listed, 'Nothing')).toEqual([]);
    expect(entriesTitledElsewhere(listed, 'Top')).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => `G${i}/GitHub`);
    expect(entriesTitledElsewhere(many, 'GitHub')).toHaveLength(MAX_ENTRIES_ELSEWHERE);
  });

  it("tells the person where it is, and agents only that there is none", () => {
    const error = entryElsewhere('kp', 'GitHub', ['/Internet/GitHub']);
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('The secret store "kp" holds no entry at "GitHub"; an entry of that title is at /Internet/GitHub. Paths start at the root: write /Internet/GitHub.');
    expect(error.data).toEqual({ store: 'kp', agentMessage: 'The secret store "kp" holds no entry at "GitHub".' });
    expect(error.hint).not.toContain('/Internet');
    expect(entryElsewhere('kp', 'GitHub', ['/A/GitHub', '/B/GitHub']).message).toContain('entries of that title are at /A/GitHub, /B/GitHub. Paths start at the root: write one of these.');
    expect(entryElsewhere('kp', 'x', ['/G\u001b[31m/x']).message).toContain('/G\\u001b[31m/x');
  });
});
