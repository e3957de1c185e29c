import type { AuditEntry } from '../../shared/api';
import type { StdioServerConfig } from '../../shared/config';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import type { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { ROOT } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from './bridge-harness';
import { askUrlChecksFor } from './ask-url-checks';
import { tsEntry } from './ts-entry';

// A bridge whose servers ask during calls (elicitation, sampling, roots), routed by the app's one ask
// router: the tests of that routing in both eras start from here.

/** A policy that lets an agent call every tier, so only the routing decides what happens. */
export const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

/** Our SDK v2 conformance server over stdio; `protocol` pins the era the pool speaks to it. */
export function conformanceServer(protocol?: '2026-07-28' | '2025-11-25'): StdioServerConfig {
  return { command: process.execPath, args: tsEntry('test/fixtures/conformance/server.ts'), cwd: ROOT, ...(protocol ? { protocol } : {}) };
}

/** The conformance server twice: spoken to in the 2025 era and in 2026-07-28. */
export const BOTH_ERAS = { legacy: conformanceServer(), modern: conformanceServer('2026-07-28') } as const;

/** Starts `servers` behind a bridge whose asks go through `waiting`; audited asks land in `audited`. */
export async function startAskingBridge(servers: Record<string, StdioServerConfig>, waiting: WaitingAsks, audited: AuditEntry[] = []): Promise<BridgeHarness> {
  const router = createAskRouter({ waiting, audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  const h = await startBridge(servers, {}, { asks: { router } });
  await Promise.all(Object.keys(servers).map((name) => h.pool.start(name)));
  return h;
}

/** The first message's text of a prompts/get result. */
export function promptText(result: { messages: { content: { type: string; text?: string } }[] }): string | undefined {
  return result.messages[0]?.content.text;
}

/** The first content's text of a resources/read result. */
export function readText(result: { contents: Record<string, unknown>[] }): unknown {
  return result.contents[0]?.['text'];
}
