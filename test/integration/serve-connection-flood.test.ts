import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOOPBACK_CONNECTIONS } from '../../electron/net';
import { INITIALIZE, mcpHeaders, rawRequest } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { reopeningFlood } from '../support/held-connections';
import { startServe, type Served } from '../support/serve';

// What a local process without a token did to `serve`: more silent connections than the cap on the
// bridge and on the web UI, each opened again as soon as it is closed. Agents and the UI go on.
const FLOOD = MAX_LOOPBACK_CONNECTIONS + 76;
let served: Served;

beforeAll(async () => {
  served = await startServe(tempHome('cs-serve-flood-'));
}, 60_000);

afterAll(async () => {
  await served.stop();
});

describe('serve: a flood of silent connections keeps neither agents nor the web UI out', () => {
  it(`with ${FLOOD} silent connections reopened on the bridge and on the UI, every agent request and UI call is answered`, async () => {
    const added = await served.api('addAgent', { name: 'honest', servers: '*' });
    expect(added.body.error).toBeUndefined();
    const { token } = added.body.result as { token: string };
    const bridgePort = Number(new URL(served.bridge ?? '').port);
    const uiPort = Number(new URL(served.origin).port);
    const floods = [await reopeningFlood(bridgePort, FLOOD), await reopeningFlood(uiPort, FLOOD)];
    try {
      for (let i = 0; i < 10; i += 1) {
        const agent = await rawRequest(bridgePort, { headers: mcpHeaders(bridgePort, token, { Connection: 'close' }), body: INITIALIZE });
        expect(agent.status).toBe(200);
        expect((await served.api('status', {})).status).toBe(200);
      }
    } finally {
      await Promise.all(floods.map((f) => f.stop()));
    }
  }, 90_000);
});
