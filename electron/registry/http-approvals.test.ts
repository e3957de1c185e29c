import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpServerConfig } from '../../shared/config';
import { FileCommandApprovalStore } from './command-approvals';
import { httpFingerprint, referencesIn, sendsSecret } from './fingerprint';

const api: HttpServerConfig = { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${secret:github_token}', 'X-Team': 'blue' } };

describe('httpFingerprint: where an HTTP entry sends its secrets', () => {
  it('is a sha256 hex digest of the URL and the header templates, whatever their order', () => {
    const fp = httpFingerprint(api);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(httpFingerprint({ ...api, headers: { 'X-Team': 'blue', Authorization: 'Bearer ${secret:github_token}' } })).toBe(fp);
  });

  it('changes with the URL, a header name, a template or another reference; not with what never leaves', () => {
    const fp = httpFingerprint(api);
    expect(httpFingerprint({ ...api, url: 'https://evil.example/' })).not.toBe(fp);
    expect(httpFingerprint({ ...api, url: 'https://api.example.com/mcp?to=evil' })).not.toBe(fp);
    expect(httpFingerprint({ ...api, headers: { 'X-Authorization': 'Bearer ${secret:github_token}', 'X-Team': 'blue' } })).not.toBe(fp);
    expect(httpFingerprint({ ...api, headers: { ...api.headers, Authorization: 'Bearer ${secret:bank_password}' } })).not.toBe(fp);
    expect(httpFingerprint({ ...api, headers: { ...api.headers, 'X-Team': 'red' } })).not.toBe(fp);
    expect(httpFingerprint({ ...api, auth: { type: 'api_key', header: 'X-Key' } })).not.toBe(fp);
    expect(httpFingerprint({ ...api, description: 'changed', enabled: false, timeoutMs: 5 })).toBe(fp);
  });
});

describe('sendsSecret / referencesIn', () => {
  it('finds references in headers, the URL and an API key; plain entries send none', () => {
    expect(sendsSecret(api)).toBe(true);
    expect(sendsSecret({ type: 'http', url: 'https://a.example/mcp', headers: { 'X-Home': '${env:HOME}' } })).toBe(true);
    expect(sendsSecret({ type: 'http', url: 'https://a.example/${secret:path_key}/mcp' })).toBe(true);
    expect(sendsSecret({ type: 'http', url: 'https://a.example/mcp', auth: { type: 'api_key' } })).toBe(true);
    expect(sendsSecret({ type: 'http', url: 'https://a.example/mcp', headers: { 'X-Team': 'blue' } })).toBe(false);
    expect(sendsSecret({ type: 'http', url: 'https://a.example/mcp', auth: { type: 'oauth' } })).toBe(false);
    expect(referencesIn('${secret:a} and ${env:B} and ${secret:a}')).toEqual(['${secret:a}', '${env:B}']);
  });
});

describe('approvals of HTTP entries', () => {
  let root = '';
  let store: FileCommandApprovalStore;
  const file = () => path.join(root, 'approvals.json');

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-http-approvals-'));
    store = new FileCommandApprovalStore(file(), { now: () => 1, log: () => undefined });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('an entry without references needs none, so existing setups never ask', () => {
    expect(store.status('plain', { type: 'http', url: 'https://a.example/mcp' })).toBe('not_needed');
    expect(store.status('plain', { type: 'http', url: 'https://a.example/mcp', headers: { 'X-Team': 'blue' } })).toBe('not_needed');
  });

  it('an entry that sends a secret waits until approved, and again after its URL or a template changes', async () => {
    expect(store.status('github', api)).toBe('pending');
    await store.approve('github', api);
    expect(store.status('github', api)).toBe('approved');
    expect(store.status('github', { ...api, url: 'https://evil.example/' })).toBe('pending');
    expect(store.status('github', { ...api, headers: { Authorization: '${secret:github_token}' } })).toBe('pending');
    // An approval is the name with the entry: the same entry under another name is not approved.
    expect(store.status('other', api)).toBe('pending');
    // Kept on disk, for the next process.
    const reopened = new FileCommandApprovalStore(file(), { now: () => 2, log: () => undefined });
    await reopened.load();
    expect(reopened.status('github', api)).toBe('approved');
  });
});
