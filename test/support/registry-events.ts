import type { Registry, RegistryEvents } from '../../electron/registry';

/** Waits for the next event of a kind that passes `accept`; fails after a bounded time. */
export function nextEvent<E extends keyof RegistryEvents>(
  registry: Registry,
  event: E,
  accept: (payload: RegistryEvents[E]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<RegistryEvents[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no "${event}" event within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = registry.on(event, (payload) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** An mcp.json text with these servers (and other top-level keys). */
export function configJson(servers: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...extra, mcpServers: servers }, null, 2)}\n`;
}
