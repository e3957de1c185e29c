import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { HTTP_STATUS } from '../../electron/web/http-status';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

describe('App API: a resource the service fails to read', () => {
  let core: Core;

  beforeAll(async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-read-upstream-')), 'home');
    core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    await core.api.addServer({ name: 'fault', config: faultServer('normal', { SERVER_ERROR: '1' }) });
    await core.api.approveServer({ name: 'fault' });
  }, 30_000);

  afterAll(async () => {
    await core?.close();
  });

  it("is the service's failure (server_unavailable, HTTP 503), not an internal one, in words that name the service", async () => {
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
