import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
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
