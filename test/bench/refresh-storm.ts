/**
 * Refresh storm: C concurrent calls through the auth coordinator's fetch meet an expired access
 * token (oidc-provider from test/fixtures/oauth, refresh tokens rotated). Counted: token requests
 * the authorization server saw per storm; a client without the coordinator's locks would send up
 * to C.
 */
import { createAuthCoordinator, tokensKey } from '../../electron/auth';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';
import { spread, type Row } from './report';

export async function benchRefreshStorm(options: { calls: number; rounds: number }): Promise<Row[]> {
  const auth = { type: 'oauth' as const, clientId: PUBLIC_CLIENT.clientId };
  const stack = await startStack();
  const { vault, dataDir } = await openTestVault();
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: scriptedBrowser().opener });
  const requests: number[] = [];
  const stormMs: number[] = [];
  try {
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    const key = tokensKey('remote', stack.as.issuer);
    const fetchFor = coordinator.fetchFor('remote', { url: stack.mcp.url, auth });
    if (!fetchFor) throw new Error('the coordinator gave no fetch for an OAuth server');
    for (let round = 0; round < options.rounds; round++) {
      // Expired to us; the authorization server still takes its refresh token.
      const record = JSON.parse((await vault.get(key)) ?? 'null') as Record<string, unknown> | null;
      if (record === null) throw new Error('no tokens stored after signing in');
      await vault.set(key, JSON.stringify({ ...record, expiresAt: Date.now() - 1000, obtainedAt: Date.now() - 3_601_000 }));
      const before = stack.as.counts.token['refresh_token'] ?? 0;
      const t0 = performance.now();
      const responses = await Promise.all(Array.from({ length: options.calls }, () => fetchFor(stack.mcp.whoamiUrl)));
      stormMs.push(performance.now() - t0);
      const failed = responses.filter((r) => r.status !== 200);
      if (failed.length > 0) throw new Error(`${failed.length} of ${options.calls} calls failed (first: HTTP ${failed[0]?.status ?? 0})`);
      requests.push((stack.as.counts.token['refresh_token'] ?? 0) - before);
    }
  } finally {
    await coordinator.close();
    await vault.close();
    await stack.close();
  }
  const figure = spread(requests);
  return [
    {
      key: 'refresh-storm',
      what: `refresh storm: ${options.calls} concurrent calls on an expired token (oidc-provider)`,
      unit: 'token requests',
      ours: figure,
      baseline: spread(requests.map(() => options.calls)),
      baselineLabel: 'calls made (a client without locks: up to one token request each)',
      figure,
      figureUnit: 'token requests',
      target: '1',
      // None would mean the storm never met an expired token: a broken bench, not a fast product.
      status: requests.every((n) => n === 1) ? 'met' : 'missed',
      note: `a storm took ${spread(stormMs).median.toFixed(0)} ms`,
    },
  ];
}
