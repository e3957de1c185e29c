import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectAgent } from './bridge-harness';
import { connectModernAgent } from './modern-agent';

/** The two protocol eras an agent may speak to the bridge in. */
export const ERAS = ['2025-11-25', '2026-07-28'] as const;
export type Era = (typeof ERAS)[number];

/** An agent's SDK client of either era, as the tests that run in both need it. */
export interface EraCaller {
  listed(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** An unmodified SDK client of `era` (v1 for 2025-11-25, v2 pinned to 2026-07-28), holding the agent's token. */
export async function eraCaller(era: Era, url: string, token: string, name: string): Promise<EraCaller> {
  const a = era === '2025-11-25' ? await connectAgent(url, token, name) : await connectModernAgent(url, token);
  return {
    listed: async () => (await a.client.listTools()).tools.map((t) => t.name),
    call: (n, args) => a.client.callTool({ name: n, arguments: args }) as Promise<CallToolResult>,
    close: () => a.close(),
  };
}
