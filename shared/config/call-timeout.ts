import { DEFAULT_TIMEOUT_MS, type ServerConfig, type Settings } from './schema';

/** A call's deadline and the field of mcp.json that set it. */
export interface CallTimeout {
  ms: number;
  /** What to raise for more time, for a timeout's hint: `"timeoutMs" of "files"`. */
  raise: string;
}

/**
 * How long one request to a server may take before it is cancelled: the server's own timeout for
 * that tool (`timeouts`), else its `timeoutMs`, else `settings.defaultTimeoutMs`, else 60 s.
 * Read per call, so a change applies to the next call without a restart.
 */
export function callTimeout(server: string, config: ServerConfig, settings: Settings | undefined, tool?: string): CallTimeout {
  // Own keys only: a tool named `constructor` must not find Object.prototype's.
  const own = tool !== undefined && config.timeouts !== undefined && Object.hasOwn(config.timeouts, tool) ? config.timeouts[tool] : undefined;
  if (own !== undefined) return { ms: own, raise: `"${tool ?? ''}" in the "timeouts" of "${server}"` };
  if (config.timeoutMs !== undefined) return { ms: config.timeoutMs, raise: `"timeoutMs" of "${server}"` };
  if (settings?.defaultTimeoutMs !== undefined) return { ms: settings.defaultTimeoutMs, raise: `"settings.defaultTimeoutMs" (or set "timeoutMs" of "${server}")` };
  return { ms: DEFAULT_TIMEOUT_MS, raise: `"timeoutMs" of "${server}" (or "settings.defaultTimeoutMs" for every server)` };
}
