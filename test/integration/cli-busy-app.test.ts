import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe, type Served } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'busy-app-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** The local ports of this machine's TCP connections to `port` on 127.0.0.1 (proc(5): /proc/net/tcp). */
function clientPortsTo(port: number): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const ports = new Set<string>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, remote] = line.trim().split(/\s+/);
    if (remote === `0100007F:${hex}` && local !== undefined) ports.add(local);
  }
  return ports;
}

/**
 * An app that runs but does not answer at once (stopped here with SIGSTOP; busy under load or a
 * suspended laptop look the same) is waited for, and named with how to look at it: never taken for
 * gone, and never "stop it and start it again" as the first advice.
 */
describe.runIf(process.platform === 'linux')('a command beside an app that is slow to answer', () => {
  let served: Served | undefined;
  afterEach(async () => {
    if (served !== undefined) {
      try {
        process.kill(served.pid, 'SIGCONT');
      } catch {
        // already gone
      }
      await served.stop();
    }
    served = undefined;
  });

  it('says the app may be busy, how to see it is alive, and to stop it only if it never answers', async () => {
    served = await startServe(await passphraseHome(ENV, 'cs-busy-app-'), [], ENV);
    process.kill(served.pid, 'SIGSTOP');
    const listed = await runCli(served.home, ['servers', 'list'], { env: ENV, timeoutMs: 90_000 });
    process.kill(served.pid, 'SIGCONT');
    expect(listed.code).toBe(6);
    expect(listed.stderr).toContain(`The app for this data folder is already running (pid ${served.pid}`);
    expect(listed.stderr).toMatch(/did not answer within \d+ s: it may be busy \(starting its servers, under load\) or stopped\./);
    expect(listed.stderr).toContain(`curl ${served.origin}/health`);
    expect(listed.stderr).toContain(`ps -o stat= -p ${served.pid}`);
    expect(listed.stderr).toContain(`Stop it (kill ${served.pid}) only if it never answers.`);
    expect(listed.stderr).not.toContain('writes runtime.json anew');
    expect((await served.api('bridgeInfo')).status).toBe(200);
  }, 120_000);

  it('waits longer for it: an app that answers again after the first 2 s serves the command', async () => {
    served = await startServe(await passphraseHome(ENV, 'cs-busy-app-wait-'), [], ENV);
    const port = Number(new URL(served.origin).port);
    const before = clientPortsTo(port);
    process.kill(served.pid, 'SIGSTOP');
    const listing = runCli(served.home, ['servers', 'list'], { env: ENV, timeoutMs: 90_000 });
    let done = false;
    void listing.finally(() => (done = true));
    // Resumed only once the command gave up its first try and asked again (a second connection).
    const seen = new Set<string>();
    for (;;) {
      for (const local of clientPortsTo(port)) if (!before.has(local)) seen.add(local);
      if (seen.size >= 2 || done) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(served.pid, 'SIGCONT');
    const listed = await listing;
    expect(listed.code, listed.stderr).toBe(0);
  }, 120_000);
});
