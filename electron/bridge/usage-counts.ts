import type { CallContext } from './call-context';

/** How often each tool was used: by each agent, and by all of the person's agents together. */
export interface Usage {
  agent: number;
  person: number;
}

const key = (server: string, tool: string): string => `${server}\u0000${tool}`;
/** The audit entries read at first use: the newest ones, as the audit log bounds a read. */
const SEEDED_FROM = 10_000;

/**
 * Use before counts in search (issue #32). Seeded once from the audit log (successful tool calls,
 * newest SEEDED_FROM), then counted as the search's call tools succeed; one per bridge.
 */
export class UsageCounts {
  readonly #byAgent = new Map<string, Map<string, number>>();
  readonly #all = new Map<string, number>();
  #seeded: Promise<void> | undefined;

  seed(ctx: Pick<CallContext, 'audit' | 'log'>): Promise<void> {
    this.#seeded ??= ctx.audit
      .read({ outcome: 'ok', limit: SEEDED_FROM })
      .then((entries) => {
        for (const e of entries) if (e.kind === 'tool' && e.server !== '') this.count(e.agent, e.server, e.tool);
      })
      .catch((error: unknown) => ctx.log(`reading the audit for tool search's counts failed: ${String(error)}`));
    return this.#seeded;
  }

  count(agent: string, server: string, tool: string): void {
    const k = key(server, tool);
    const mine = this.#byAgent.get(agent) ?? new Map<string, number>();
    mine.set(k, (mine.get(k) ?? 0) + 1);
    this.#byAgent.set(agent, mine);
    this.#all.set(k, (this.#all.get(k) ?? 0) + 1);
  }

  of(agent: string, server: string, tool: string): Usage {
    const k = key(server, tool);
    return { agent: this.#byAgent.get(agent)?.get(k) ?? 0, person: this.#all.get(k) ?? 0 };
  }
}

const perBridge = new WeakMap<CallContext, UsageCounts>();

export function usageCounts(ctx: CallContext): UsageCounts {
  let counts = perBridge.get(ctx);
  if (counts === undefined) {
    counts = new UsageCounts();
    perBridge.set(ctx, counts);
  }
  return counts;
}
