import type { StdioShimOptions } from './stdio-shim';

/**
 * `bridge stdio` loads the shim (and SDK v2's client package it imports) when it runs, so that no other
 * command, nor `serve`, pays for them at start-up.
 */
export async function runStdioShim(options: StdioShimOptions): Promise<void> {
  const shim = await import('./stdio-shim');
  return shim.runStdioShim(options);
}
