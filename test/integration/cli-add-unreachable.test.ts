import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { freePort } from '../support/ports';
import { startServe, type Served } from '../support/serve';

const env = { CONNECTED_SERVICES_PASSPHRASE: 'add-unreachable' };

/** A failure to reach the server is not a disagreement on MCP revisions: no "protocol" to set. */
function notARevisionProblem(text: string): void {
  expect(text).not.toContain('revision');
  expect(text).not.toContain('"protocol"');
}

describe('servers add --connect of an address nothing answers at', () => {
  it('says nothing answers there, for a closed port, a port fetch refuses and a name that does not resolve', async () => {
    const home = await passphraseHome(env, 'cs-add-unreachable-');
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const closed = await runCli(home, ['servers', 'add', 'gone', '--url', url, '--connect', '--yes'], { env });
    expect(closed.code).not.toBe(0);
    expect(closed.stderr).toContain(`error [server_unavailable]: could not reach "gone" at ${url} (ECONNREFUSED): nothing answers there. Nothing was kept`);
    notARevisionProblem(closed.stderr);

    // fetch connects to no "bad port" (1, 9, 6000, …): nothing is sent anywhere.
    const blocked = await runCli(home, ['servers', 'add', 'blocked', '--url', 'http://127.0.0.1:1/mcp', '--connect', '--yes'], { env });
    expect(blocked.code).not.toBe(0);
    expect(blocked.stderr).toContain('could not reach "blocked" at http://127.0.0.1:1/mcp (bad port): fetch never connects to port 1, one the Fetch Standard blocks');
    notARevisionProblem(blocked.stderr);

    // .invalid never resolves (RFC 6761 §6.4): no network is needed to fail.
    const nowhere = await runCli(home, ['servers', 'add', 'nowhere', '--url', 'http://nonexistent.invalid/mcp', '--connect', '--yes'], { env });
    expect(nowhere.code).not.toBe(0);
    expect(nowhere.stderr).toContain('Could not resolve nonexistent.invalid');
    notARevisionProblem(nowhere.stderr);
  }, 90_000);
});

describe('an address nothing answers at, while serve runs', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('the catalog’s failed step, a restart and `status` all say nothing answers there', async () => {
    const home = await passphraseHome(env, 'cs-add-unreachable-serve-');
    served = await startServe(home, [], env);
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const said = `could not reach "gone" at ${url} (ECONNREFUSED): nothing answers there`;

    const added = await served.api('addService', { name: 'gone', config: { type: 'http', url } });
    const failed = (added.body.error as { data?: { failed?: { step: string; message: string; hint?: string } } } | undefined)?.data?.failed;
    expect(failed).toMatchObject({ step: 'connect', message: `${said}.`, hint: `Is the server running at ${url}?` });
    notARevisionProblem(JSON.stringify(added.body));

    expect((await served.api('addServer', { name: 'gone', config: { type: 'http', url } })).body).toEqual({ result: { ok: true } });
    const restarted = await served.api('restartServer', { name: 'gone' });
    expect(restarted.body.error?.message).toBe(said);

    const status = await runCli(home, ['status'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`server_unavailable: ${said}`);
    notARevisionProblem(status.stdout);
  }, 120_000);
});
