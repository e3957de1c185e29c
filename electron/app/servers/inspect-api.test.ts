import { afterEach, describe, expect, it } from 'vitest';
import { redactor } from '../../../shared/redact';
import type { Pool } from '../../pool';
import { requireServer, type Registry } from '../../registry';
import { createInspectApi } from './inspect-api';
import { ServerLogs } from './server-logs';

const SECRET = 'pk-test-9f8e7d6c5b4a39281706';
afterEach(() => redactor.removeSecret(SECRET));

function setup(contents: Record<string, unknown>[], messages: Record<string, unknown>[] = []) {
  const pool = {
    readResource: () => Promise.resolve({ contents }),
    getPrompt: () => Promise.resolve({ description: 'd', messages }),
  } as unknown as Pool;
  const registry = { config: () => ({ mcpServers: { s: { command: 'x' } } }), require: (name: string) => requireServer({ mcpServers: { s: { command: 'x' } } }, name) } as unknown as Registry;
  const logs = new ServerLogs();
  const api = createInspectApi({ pool, registry, logs, settled: () => Promise.resolve(), maxResourceBytes: 10 });
  return { api, logs };
}

describe('the person’s reads: resources, prompts and logs', () => {
  it('passes text and blobs up to the limit; past it, says the size and leaves the content out', async () => {
    const { api } = setup([
      { uri: 'a://small', mimeType: 'text/plain', text: 'ten chars!' },
      { uri: 'a://big', mimeType: 'text/plain', text: 'eleven char' },
      { uri: 'a://blob', mimeType: 'image/png', blob: Buffer.alloc(12).toString('base64') },
      { uri: 'a://multi', text: 'é'.repeat(6) },
    ]);
    const read = await api.readResource({ server: 's', uri: 'a://x' });
    expect(read.contents).toEqual([
      { uri: 'a://small', mimeType: 'text/plain', text: 'ten chars!' },
      { uri: 'a://big', mimeType: 'text/plain', omitted: { bytes: 11, limit: 10 } },
      { uri: 'a://blob', mimeType: 'image/png', omitted: { bytes: 12, limit: 10 } },
      // Bytes, not characters: 6 × 2 bytes of UTF-8.
      { uri: 'a://multi', omitted: { bytes: 12, limit: 10 } },
    ]);
  });

  it('redacts secrets a server sends back in resources and prompts', async () => {
    redactor.addSecret(SECRET);
    const { api } = setup([], [{ role: 'user', content: { type: 'text', text: `use ${SECRET}` } }]);
    const prompt = await api.getPrompt({ server: 's', name: 'p' });
    expect(JSON.stringify(prompt)).not.toContain(SECRET);
    expect(prompt.messages[0]).toEqual({ role: 'user', content: { type: 'text', text: 'use [redacted]' } });
    const { api: big } = setup([{ uri: `a://${SECRET}`, text: 'x' }]);
    expect(JSON.stringify(await big.readResource({ server: 's', uri: 'a://x' }))).not.toContain(SECRET);
  });

  it('reads a configured server’s log; an unknown server is not_found', async () => {
    const { api, logs } = setup([]);
    logs.poolLine('[s] stderr: hello');
    expect(await api.readLogs({ server: 's' })).toMatchObject({ lines: [{ kind: 'stderr', text: 'hello' }], cursor: 1 });
    await expect(api.readLogs({ server: 'other' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
