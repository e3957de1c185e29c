import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { connectAgent } from '../support/bridge-harness';
import { connectModernAgent } from '../support/modern-agent';
import { waitFor } from '../support/server-harness';
import { startShiftingReader } from '../support/shifting-reader';

// Reads of resources the person has not approved: refused in words that say they wait for
// the person, in both eras, and not read through an approved template that matches their URI.
const open: Array<Core | { close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

type Read = (uri: string) => Promise<{ contents: Array<Record<string, unknown>> }>;

/** The refusal an agent gets: its message and our hint (JSON-RPC error data). */
async function refusal(read: Read, uri: string): Promise<{ message: string; code: unknown; hint: unknown }> {
  const error: unknown = await read(uri).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof Error)) throw new Error(`${uri} was read`);
  const data = (error as Error & { data?: { code?: unknown; hint?: unknown } }).data;
  return { message: error.message, code: data?.code, hint: data?.hint };
}

const texts = async (read: Read, uri: string): Promise<unknown[]> => (await read(uri)).contents.map((c) => c['text']);

describe('a resource held for review, from a real SDK server, read through the bridge', () => {
  it('is refused as waiting for the person in both eras, through the approved template that matches it too, and as refused once the person refuses it', async () => {
    const { core, bridgeUrl, token } = await startShiftingReader('cs-pins-reads-');
    open.push(core);
    const legacy = await connectAgent(bridgeUrl, token, 'reader');
    open.push(legacy);
    const modern = await connectModernAgent(bridgeUrl, token);
    open.push(modern);
    expect(modern.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const eras: Array<[string, Read]> = [
      ['2025-11-25', (uri) => legacy.client.readResource({ uri })],
      ['2026-07-28', (uri) => modern.client.readResource({ uri })],
    ];
    // Before it is listed, the template's URI reads as any other the template names.
    for (const [, read] of eras) expect(await texts(read, 'notes://note/secret')).toEqual(['notes://note/secret at stage 1']);

    await core.pool.callTool('shifting', 'shift', {});
    await waitFor('the new resources held', async () => ((await core.api.listHeldChanges({ server: 'shifting' })).filter((h) => h.kind === 'resource' && h.change === 'added').length === 2 ? true : undefined));

    for (const [era, read] of eras) {
      // Listed by no approved definition and matched by no template: held, not "not found".
      const keys = await refusal(read, 'notes://keys');
      expect(keys.message, era).toContain('resource notes://keys of "shifting" is new and waits for the person\'s review');
      expect(keys.code, era).toBe('denied');
      expect(keys.hint, era).toContain('`connected-services servers review shifting`');
      // Matched by the approved template notes://note/{id}: held all the same.
      const secret = await refusal(read, 'notes://note/secret');
      expect(secret.message, era).toContain('resource notes://note/secret of "shifting" is new and waits for the person\'s review');
      // Nothing of the held definitions, nor of what the server would answer.
      for (const said of [keys, secret]) expect(JSON.stringify(said), era).not.toMatch(/Every key|secret note|at stage/);
      // The template still reads what it names.
      expect(await texts(read, 'notes://note/7'), era).toEqual(['notes://note/7 at stage 2']);
    }

    await core.api.reviewChanges({
      name: 'shifting',
      decisions: [
        { kind: 'resource', name: 'notes://keys', decision: 'accept' },
        { kind: 'resource', name: 'notes://note/secret', decision: 'refuse' },
      ],
    });
    for (const [era, read] of eras) {
      const secret = await refusal(read, 'notes://note/secret');
      expect(secret.message, era).toContain('the person refused resource notes://note/secret of "shifting"');
      expect(secret.code, era).toBe('denied');
      expect(await texts(read, 'notes://keys'), era).toEqual(['notes://keys at stage 2']);
    }
  }, 120_000);
});
