import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import type { Pool } from '../../pool';
import { ApplyChain } from './apply-chain';
import { warmUpServers } from './warm-up';

describe('warmUpServers', () => {
  it("says a server's failure in its own words, without the error's class name", async () => {
    const failure = new CodedError('server_unavailable', 'Could not resolve notes.example.com (for https://notes.example.com/mcp)');
    const pool = {
      statuses: () => [{ name: 'notes', enabled: true, approval: 'approved' }],
      start: () => Promise.reject(failure),
    } as unknown as Pool;
    const lines: string[] = [];
    const chain = new ApplyChain(Promise.resolve());
    warmUpServers(pool, chain, (line) => lines.push(line), () => false);
    await chain.settled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['warming up notes failed: Could not resolve notes.example.com (for https://notes.example.com/mcp)']);
  });
});
