import type { FailureWords } from '../net';

/** What to change when a registry could not be reached, when the failure says (without a full stop); else undefined. */
export function registryFix(why: FailureWords): string | undefined {
  if (why.dns) return "Check the network and the registry's host name in settings.registries in mcp.json";
  if (why.blockedPort) return 'Serve the registry on another port and change its address in settings.registries in mcp.json';
  return undefined;
}
