import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { AgentStore, type AgentStoreEvents } from './agent-store';
import { hashToken, newAgentToken } from './token';

function open(): AgentStore {
  return AgentStore.open({ dataDir: mkdtempSync(join(tmpdir(), 'code-agents-')), recheckMs: 0 });
}

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CodedError);
    return (error as CodedError).message;
  }
  throw new Error('it did not throw');
}

describe('agents declared in code', () => {
  it('stand beside agents.json\'s, marked fromCode, authenticate by their token, and are never written', async () => {
    const store = open();
    await store.add('stored', { servers: ['files'] });
    const token = newAgentToken();
    store.declareFromCode({ runtime: { tokenHash: hashToken(token).hex, servers: ['files'], policy: { write: 'allow' } } });
    expect(store.list().map((a) => [a.name, a.fromCode])).toEqual([
      ['stored', undefined],
      ['runtime', true],
    ]);
    expect(store.get('runtime')).toMatchObject({ servers: ['files'], policy: { read: 'allow', write: 'allow', destructive: 'ask' }, fromCode: true });
    expect(store.authenticate(token)?.name).toBe('runtime');
    expect(readFileSync(store.file, 'utf8')).not.toContain('runtime');
  });

  it('a name agents.json has is an error naming both places, either way round', async () => {
    const store = open();
    await store.add('claude', { servers: [] });
    expect(message(() => store.declareFromCode({ claude: { tokenHash: hashToken(newAgentToken()).hex, servers: [] } }))).toBe(
      `The agent "claude" is declared twice: in code (the agents given to openConnectedServices) and in ${store.file}`,
    );
    store.declareFromCode({ runtime: { tokenHash: hashToken(newAgentToken()).hex, servers: [] } });
    await expect(store.add('runtime', { servers: [] })).rejects.toThrow(`The agent "runtime" is declared twice: in code (the agents given to openConnectedServices) and in ${store.file}`);
  });

  it('is not changed or given a new token here; a remembered approval holds in memory', async () => {
    const store = open();
    store.declareFromCode({ runtime: { tokenHash: hashToken(newAgentToken()).hex, servers: ['files'] } });
    await expect(store.update('runtime', { servers: '*' })).rejects.toThrow('The agent "runtime" is declared in code, so it cannot be changed here');
    await expect(store.rotate('runtime')).rejects.toThrow('The agent "runtime" is declared in code, so it cannot be given a new token here');
    expect((await store.setToolDecision('runtime', 'files', 'write_file', 'allow')).tools).toEqual({ files: { write_file: 'allow' } });
    expect(existsSync(store.file)).toBe(false);
  });

  it('is forgotten when the person removes it: its token stops working, agents.json is not written', async () => {
    const store = open();
    const token = newAgentToken();
    store.declareFromCode({ runtime: { tokenHash: hashToken(token).hex, servers: ['files'] } });
    await store.remove('runtime');
    expect(store.get('runtime')).toBeUndefined();
    expect(store.fromCode('runtime')).toBe(false);
    expect(store.authenticate(token)).toBeNull();
    expect(existsSync(store.file)).toBe(false);
  });

  it('refuses a token digest another agent has, and a malformed one', async () => {
    const store = open();
    const { token } = await store.add('stored', { servers: [] });
    expect(message(() => store.declareFromCode({ runtime: { tokenHash: hashToken(token).hex, servers: [] } }))).toContain("is another agent's");
    expect(message(() => store.declareFromCode({ runtime: { tokenHash: 'abc', servers: [] } }))).toContain('is not a sha256 digest');
    expect(store.get('runtime')).toBeUndefined();
  });

  it('forgotten, its token stops working at once and it is announced as revoked', () => {
    const store = open();
    const token = newAgentToken();
    store.declareFromCode({ runtime: { tokenHash: hashToken(token).hex, servers: [] } });
    const changes: AgentStoreEvents['change'][] = [];
    store.on('change', (change) => changes.push(change));
    store.forgetFromCode(['runtime']);
    expect(store.authenticate(token)).toBeNull();
    expect(changes.at(-1)?.revoked).toEqual(['runtime']);
  });

  it('keeps its entry in force when agents.json gains the name later (edited by hand)', () => {
    const store = open();
    const token = newAgentToken();
    store.declareFromCode({ runtime: { tokenHash: hashToken(token).hex, servers: ['files'] } });
    const other = newAgentToken();
    const record = { name: 'runtime', tokenHash: hashToken(other).hex, tokenHint: 'x', createdAt: 1, tokenCreatedAt: 1, servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' }, tools: {} };
    writeFileSync(store.file, JSON.stringify({ version: 1, agents: [record] }));
    store.reload();
    expect(store.authenticate(token)?.name).toBe('runtime');
    expect(store.authenticate(other)).toBeNull();
    expect(store.get('runtime')).toMatchObject({ servers: ['files'], fromCode: true });
  });
});
