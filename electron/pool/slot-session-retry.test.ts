import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { linkedConnection } from '../../test/support/linked-connection';
import { createPool, type ConnectionFactory, type Pool } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const gone = (): CodedError => new CodedError('server_unavailable', 'no such session', { data: { status: 404 } });

/**
 * Sessions over an in-memory SDK server, each as the test tells: the first one's reads answered 404
 * for its session (MCP 2025-11-25 Transports §Session Management), the next one forgotten already
 * while it started (its 404 told before ready). Reads that reach a live session are counted.
 */
function forgetfulFactory(): { connect: ConnectionFactory; opened: () => number; reads: () => number } {
  let opened = 0;
  let reads = 0;
  const connect: ConnectionFactory = async (request) => {
    const index = opened++;
    const server = new McpServer({ name: 'forgetful', version: '1' }, { capabilities: { resources: {} } });
    server.registerResource('note', 'memo://note', {}, (uri) => {
      reads++;
      return { contents: [{ uri: uri.href, text: 'the note' }] };
    });
    let expired = index > 0;
    return linkedConnection(server, request, (client) => {
      if (index === 0) {
        client.readResource = () => {
          expired = true;
          request.onSessionExpired?.();
          return Promise.reject(gone());
        };
      }
      return { sessionExpired: () => expired };
    });
  };
  return { connect, opened: () => opened, reads: () => reads };
}

describe('a request answered 404 for its session, retried on a new session', () => {
  it('is not sent on a new session the server forgot while it started: an error naming the server, no third session', async () => {
    const factory = forgetfulFactory();
    const dir = mkdtempSync(join(tmpdir(), 'session-retry-'));
    dirs.push(dir);
    const pool = createPool({ cacheDir: dir }, { connect: factory.connect });
    pools.push(pool);
    await pool.apply({ mcpServers: { memo: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
    await pool.start('memo');

    await expect(pool.readResource('memo', 'memo://note')).rejects.toThrow(/"memo" answered HTTP 404 for the new session/);
    expect(factory.opened()).toBe(2);
    expect(factory.reads()).toBe(0);
    expect(pool.status('memo').state).toBe('error');
  });
});
