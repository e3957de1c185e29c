import { DEFAULT_TIMEOUT_MS, type ServerConfig, type Settings } from './schema';

/**
 * How long one request to a server may take before it is cancelled: the server's own timeout for
 * that tool (`timeouts`), else its `timeoutMs`, else `settings.defaultTimeoutMs`, else 60 s.
 * Read per call, so a change applies to the next call without a restart.
 */
export function callTimeoutOf(config: ServerConfig, settings: Settings | undefined, tool?: string): number {
  // Own keys only: a tool named `constructor` must not find Object.prototype's.
  const own = tool !== undefined && config.timeouts !== undefined && Object.hasOwn(config.timeouts, tool) ? config.timeouts[tool] : undefined;
  return own ?? config.timeoutMs ?? settings?.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
}
