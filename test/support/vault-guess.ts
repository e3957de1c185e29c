import { loggingServer } from '../fixtures/servers/config';
import { tempHome } from './cli';
import { startServe, type Served } from './serve';

/** Every tier allowed: the tests of guessed vault values look at the hold, never at the policy. */
export const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' };

async function ok(served: Served, method: string, input: unknown): Promise<unknown> {
  const answer = await served.api(method, input);
  if (answer.status !== 200) throw new Error(`${method} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/** `serve` with `value` in the vault as GITHUB_TOKEN; with `logs`, the logging fixture added and approved as "logs". */
export async function serveHoldingValue(value: string, options: { home?: string; logs?: boolean } = {}): Promise<Served> {
  const served = await startServe(options.home ?? tempHome());
  await ok(served, 'setSecret', { name: 'GITHUB_TOKEN', value });
  if (options.logs === true) {
    await ok(served, 'addServer', { name: 'logs', config: loggingServer() });
    await ok(served, 'approveServer', { name: 'logs' });
  }
  return served;
}

/** A new agent's token: every tier allowed, the rest of the agent as `fields` say. */
export async function agentToken(served: Served, name: string, fields: Record<string, unknown>): Promise<string> {
  return ((await ok(served, 'addAgent', { name, policy: ALLOW_ALL, ...fields })) as { token: string }).token;
}
