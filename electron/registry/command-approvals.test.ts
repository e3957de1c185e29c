import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { makeFifo, rejection, settlesWithin } from '../../test/support';
import { FileCommandApprovalStore } from './command-approvals';
import { legacyFingerprint } from './legacy-command-approvals';

describe('command approvals: the credential an approved program is handed', () => {
  let root = '';
  let store: FileCommandApprovalStore;
  const notes: StdioServerConfig = { command: 'notes-mcp', args: ['--stdio'] };
  const keyed: StdioServerConfig = { ...notes, env: { NOTES_KEY: '${token}' }, auth: { type: 'api_key', key: '${secret:NOTES_KEY}' } };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-command-approvals-'));
    store = new FileCommandApprovalStore(path.join(root, 'approvals.json'), { now: () => 1, log: () => undefined });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('says why a broken file was ignored, until it is read whole again or rewritten', async () => {
    await store.load();
    expect(store.ignoredBecause()).toBeUndefined(); // missing: nothing approved yet, nothing wrong
    await writeFile(path.join(root, 'approvals.json'), '{bad');
    await store.load();
    expect(store.ignoredBecause()).toBe('not valid JSON');
    expect(store.status('notes', notes)).toBe('pending');
    await store.approve('notes', notes);
    expect(store.ignoredBecause()).toBeUndefined();
  });

  it('asks again when an edit points an approved program at another credential', async () => {
    await store.approve('notes', keyed);
    expect(store.status('notes', keyed)).toBe('approved');
    // The same program, ${token} unchanged, but the key behind it is now another secret.
    expect(store.status('notes', { ...keyed, auth: { type: 'api_key', key: '${secret:BANK_PASSWORD}' } })).toBe('pending');
    expect(
      store.status('notes', { ...keyed, auth: { type: 'client_credentials', issuer: 'https://id.example', clientId: 'ops', clientSecret: '${secret:OPS}' } }),
    ).toBe('pending');
  });

  it('asks again when a credential is added to a command approved without one', async () => {
    await store.approve('notes', notes);
    expect(store.status('notes', { ...notes, auth: { type: 'api_key' }, credentialFile: { env: 'KEY_FILE', format: 'token' } })).toBe('pending');
    expect(store.status('notes', keyed)).toBe('pending');
    // Without a credential, nothing else about it changed: still approved.
    expect(store.status('notes', { ...notes, auth: { type: 'none' } })).toBe('approved');
  });

  it('a version-1 approval, which never saw auth or credentialFile, does not approve handing a credential', async () => {
    // notes-mcp --stdio with no env, as version 1 hashed it.
    await writeFile(store.file, JSON.stringify({ version: 1, approvals: [{ name: 'notes', fingerprint: legacyFingerprint(notes), approvedAt: 1 }] }), { mode: 0o600 });
    await store.load();
    expect(store.status('notes', notes)).toBe('approved');
    expect(store.status('notes', { ...notes, auth: { type: 'api_key' }, credentialFile: { env: 'KEY_FILE', format: 'token' } })).toBe('pending');
  });
});

describe('command approvals: tuning a server', () => {
  let root = '';
  let store: FileCommandApprovalStore;
  const files: StdioServerConfig = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/notes'] };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-command-approvals-'));
    store = new FileCommandApprovalStore(path.join(root, 'approvals.json'), { now: () => 1, log: () => undefined });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps the approval when idleTimeoutMs or roots are added or changed', async () => {
    await store.approve('files', files);
    expect(store.status('files', { ...files, idleTimeoutMs: 0 })).toBe('approved');
    expect(store.status('files', { ...files, roots: ['/home/me/notes'] })).toBe('approved');
    expect(store.status('files', { ...files, roots: ['/srv'], idleTimeoutMs: 60_000, timeoutMs: 5_000 })).toBe('approved');
    // What runs still counts.
    expect(store.status('files', { ...files, args: ['-y', '@modelcontextprotocol/server-filesystem', '/'] })).toBe('pending');
  });

  it('an approval given while those fields still counted holds for the entry as approved', async () => {
    const tuned: StdioServerConfig = { ...files, idleTimeoutMs: 0, roots: ['/home/me/notes'] };
    // The last release hashed every field but these seven.
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('../../shared/config');
    const former = createHash('sha256').update(canonicalJson({ ...tuned, v: 2, args: tuned.args, env: {} })).digest('hex');
    await writeFile(store.file, JSON.stringify({ version: 2, approvals: [{ name: 'files', fingerprint: former, approvedAt: 1 }] }), { mode: 0o600 });
    await store.load();
    expect(store.status('files', tuned)).toBe('approved');
    expect(store.status('files', { ...tuned, command: 'uvx' })).toBe('pending');
  });
});

describe('command approvals: undoing an approval', () => {
  let root = '';
  let store: FileCommandApprovalStore;
  const first: StdioServerConfig = { command: 'notes-mcp', args: ['--v1'] };
  const second: StdioServerConfig = { command: 'notes-mcp', args: ['--v2'] };

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-command-approvals-'));
    store = new FileCommandApprovalStore(path.join(root, 'approvals.json'), { now: () => 7, log: () => undefined });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const names = async () => (JSON.parse(await readFile(store.file, 'utf8')) as { approvals: Array<{ name: string }> }).approvals.map((r) => r.name);

  it('restoring "none" removes the name from the file, and leaves the others', async () => {
    await store.approve('other', first);
    const before = store.recordOf('notes');
    expect(before).toBeUndefined();
    await store.approve('notes', second);
    await store.restore('notes', before);
    expect(store.status('notes', second)).toBe('pending');
    expect(await names()).toEqual(['other']);
    // Read again from the file: nothing of it came back.
    await store.load();
    expect(store.status('notes', second)).toBe('pending');
    expect(store.status('other', first)).toBe('approved');
  });

  it('restoring an earlier record puts it back as it was', async () => {
    await store.approve('notes', first);
    const before = store.recordOf('notes');
    await store.approve('notes', second);
    expect(store.status('notes', first)).toBe('pending');
    await store.restore('notes', before);
    expect(store.status('notes', first)).toBe('approved');
    expect(store.status('notes', second)).toBe('pending');
    expect(store.recordOf('notes')).toEqual(before);
  });

  it.runIf(process.platform !== 'win32')('refuses an approvals.json that is a FIFO with a clear error, instead of waiting on it', async () => {
    const fifo = makeFifo(path.join(root, 'approvals.json'));
    const error = await settlesWithin(rejection(store.load()), fifo);
    expect(error).toMatchObject({ code: 'invalid_config', message: expect.stringContaining('not a regular file') as unknown });
  });
});

describe('command approvals under names every object has', () => {
  it('a record approves its own name only: __proto__, toString or constructor approve nothing else', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'cs-command-approvals-'));
    const store = new FileCommandApprovalStore(path.join(root, 'approvals.json'), { now: () => 1, log: () => undefined });
    const entry: StdioServerConfig = { command: 'notes-mcp' };
    await store.approve('constructor', entry);
    const [record] = (JSON.parse(await readFile(store.file, 'utf8')) as { approvals: Array<Record<string, unknown>> }).approvals;
    await writeFile(store.file, JSON.stringify({ version: 2, approvals: [record, { ...record, name: '__proto__' }, { ...record, name: 'toString' }] }));
    await store.load();
    expect(store.status('constructor', entry)).toBe('approved');
    expect(store.status('prototype', entry)).toBe('pending');
    expect(store.status('hasOwnProperty', entry)).toBe('pending');
    expect(store.status('__proto__', entry)).toBe('approved');
    await store.restore('__proto__', undefined);
    expect((JSON.parse(await readFile(store.file, 'utf8')) as { approvals: Array<{ name: string }> }).approvals.map((a) => a.name)).toEqual(['constructor', 'toString']);
    await rm(root, { recursive: true, force: true });
  });
});
