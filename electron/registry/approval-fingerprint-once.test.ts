import { createHash } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { HttpServerConfig, StdioServerConfig } from '../../shared/config';
import { approvalFingerprint } from './fingerprint';

// The real hash, counted: every status of a server checks its approval, so an entry is hashed once.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, createHash: vi.fn(actual.createHash) };
});
const hashes = (): number => vi.mocked(createHash).mock.calls.length;

describe('approvalFingerprint of one entry object', () => {
  it('is hashed once for a stdio and an HTTP entry; an equal copy gives the same, an edited one another', () => {
    const stdio: StdioServerConfig = { command: 'notes-mcp', args: ['--stdio'], env: { KEY: '${secret:NOTES}' } };
    const http: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${secret:MAIL}' } };
    const before = hashes();
    const fingerprint = approvalFingerprint(stdio);
    expect(approvalFingerprint(stdio)).toBe(fingerprint);
    approvalFingerprint(http);
    approvalFingerprint(http);
    expect(hashes() - before).toBe(2);
    expect(approvalFingerprint({ ...stdio })).toBe(fingerprint);
    expect(approvalFingerprint({ ...stdio, args: ['--stdio', '--evil'] })).not.toBe(fingerprint);
    expect(hashes() - before).toBe(4);
  });
});
