import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawTokenServer, type RawTokenServer } from '../fixtures/oauth/raw-token-server';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// RFC 6749 §5.2: an authorization server that refuses a client names a page about the error
// (`error_uri`); the service's row links it beside its badge, and nothing opens it by itself.
const PAGE = 'https://billing.example/oauth/errors/invalid_client';
let server: RawTokenServer | undefined;
const ui = useUiSession(async () => {
  server = await startRawTokenServer({ expectedBasic: 'Basic none', errorBody: { error: 'invalid_client', error_description: 'Unknown client', error_uri: PAGE } });
  return {};
});
afterAll(async () => server?.close());

beforeAll(async () => {
  await ui.api('setSecret', { name: 'CC_SECRET', value: 'cc-secret-value-e2e' });
  await ui.api('addServer', { name: 'billing', config: { type: 'http', url: server?.url, auth: { type: 'client_credentials', clientId: 'cc-client', clientSecret: '${secret:CC_SECRET}' } } });
  await ui.api('approveServer', { name: 'billing' });
  await ui.api('connect', { name: 'billing' }).catch(() => undefined);
  await waitForState(serverRow(ui.page, 'billing'), 'needs_auth');
}, 45_000);

describe("a service the authorization server refused, naming a page about its error", () => {
  it("links the page beside the row's badge", async () => {
    const link = serverRow(ui.page, 'billing').getByRole('link', { name: "Why billing stopped: the authorization server's page" });
    expect(await link.getAttribute('href')).toBe(PAGE);
    await ui.screenshot('refused-sign-in-page');
    expect(ui.problems).toEqual([]);
  });
});
