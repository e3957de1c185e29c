import type { Client, PriorDiscovery } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../shared/config';
import type { EraChoice } from './era-choice';
import { verdictKey, type EraVerdicts } from './era-verdicts';

export interface EraConnect {
  server: string;
  config: ServerConfig;
  era: EraChoice;
  eras: EraVerdicts | undefined;
  client: Pick<Client, 'getDiscoverResult'>;
  /** The SDK client's connect, with the verdict to adopt (none: it negotiates as `era` says). */
  connect: (prior: PriorDiscovery | undefined) => Promise<void>;
  /** The server answered 404 for the session it had just given (session-expiry.ts): its era was right, the session is what failed. */
  sessionRefused?: (() => boolean) | undefined;
}

/**
 * Connects with the remembered verdict while it is fresh (no probe: the SDK's gateway guide), and
 * remembers what a negotiation found, dated. A start that fails with a verdict forgets it, so the
 * next start asks the server again: a server that changed era is found out at its next start. A
 * 2025-11-25 session refused right after `initialize` answered is no sign of another era: kept.
 */
export async function connectInEra(request: EraConnect): Promise<void> {
  const { server, era, eras } = request;
  if (!era.remember || !eras || !('url' in request.config)) return request.connect(undefined);
  const key = verdictKey(request.config);
  const known = await eras.get(server, key);
  try {
    await request.connect(known?.prior);
  } catch (error) {
    if (known && request.sessionRefused?.() !== true) await eras.forget(server);
    throw error;
  }
  if (!known) await eras.set(server, key, request.client.getDiscoverResult());
}
