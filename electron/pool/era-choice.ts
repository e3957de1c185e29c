import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';
import { transportOf, type ServerConfig } from '../../shared/config';

/** How a connection picks its MCP revision, from the entry's `protocol`. */
export interface EraChoice {
  /** The SDK client's negotiation: none is the 2025-era `initialize` alone. */
  negotiation: VersionNegotiationOptions | undefined;
  /** Whether the verdict is remembered (era-verdicts.ts) so later starts skip the probe. */
  remember: boolean;
}

/**
 * `auto` (HTTP's default): `server/discover` first, `initialize` where the server does not answer
 * it (MCP 2026-07-28 basic/lifecycle §Version negotiation). stdio defaults to the 2025 era: some
 * servers exit on any request that comes before `initialize`.
 */
export function eraChoice(config: ServerConfig): EraChoice {
  const http = transportOf(config) === 'http';
  const protocol = config.protocol ?? (http ? 'auto' : '2025-11-25');
  if (protocol === '2025-11-25') return { negotiation: undefined, remember: false };
  if (protocol === '2026-07-28') return { negotiation: { mode: { pin: '2026-07-28' } }, remember: false };
  return { negotiation: { mode: 'auto' }, remember: http };
}
