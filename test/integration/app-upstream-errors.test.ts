import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { HTTP_STATUS } from '../../electron/web/http-status';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

describe("App API: a service's own JSON-RPC error to a call, a prompt or a resource read", () => {
  let core: Core;

  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-upstream-errors-')), 'home');
    core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    await core.api.addServer({ name: 'fault', config: faultServer('normal', { SERVER_ERROR: '1' }) });
    await core.api.approveServer({ name: 'fault' });
  }, 30_000);

  afterAll(async () => {
    await core?.close();
  });

  it("is the service's failure (server_unavailable, HTTP 503), in its own words, redacted, naming the service", async () => {
    const call = await rejection(core.api.callTool({ server: 'fault', tool: 'server-error', arguments: {} }));
    expect(call.code).toBe('server_unavailable');
    expect(HTTP_STATUS[call.code]).toBe(503);
    expect(call.message).toBe('"fault" answered with an error during tool "server-error": quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(call.hint).toContain('the server reported this error itself');
    expect(call.data).toMatchObject({ mcpCode: -32000, server: 'fault' });
    const prompt = await rejection(core.api.getPrompt({ server: 'fault', name: 'server-error' }));
    expect(prompt.code).toBe('server_unavailable');
    expect(prompt.message).toBe('"fault" answered with an error during prompt "server-error": quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(prompt.data).toMatchObject({ mcpCode: -32000, server: 'fault' });
    // The service is still there: its other tools and prompts answer.
    expect((await core.api.callTool({ server: 'fault', tool: 'fail', arguments: {} })).isError).toBe(true);
    expect((await core.api.getPrompt({ server: 'fault', name: 'greet', arguments: { who: 'Ada' } })).messages).toHaveLength(1);
  });

  it("keeps the service's -32602 invalid_input for arguments and not_found for an unknown name", async () => {
    const args = await rejection(core.api.getPrompt({ server: 'fault', name: 'greet', arguments: {} }));
    expect(args.code).toBe('invalid_input');
    expect(args.message).toContain('"fault" rejected the arguments of prompt "greet"');
    const unknown = await rejection(core.api.getPrompt({ server: 'fault', name: 'no-such-prompt' }));
    expect(unknown.code).toBe('not_found');
  });

  it("to a resource read is the service's failure too, not an internal one", async () => {
    const error = await rejection(core.api.readResource({ server: 'fault', uri: 'fixture://server-error' }));
    expect(error.code).toBe('server_unavailable');
    expect(HTTP_STATUS[error.code]).toBe(503);
    expect(error.message).toBe('"fault" answered with an error during resource fixture://server-error: quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(error.hint).toContain('the server reported this error itself');
    expect(error.data).toMatchObject({ mcpCode: -32000, server: 'fault' });
    // The service is still there: a resource it reads is read.
    expect((await core.api.readResource({ server: 'fault', uri: 'fixture://hello' })).contents[0]).toMatchObject({ uri: 'fixture://hello' });
  });
});
