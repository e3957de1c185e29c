import type { CallContext } from './call-context';

/**
 * How many found tools an agent's listing holds at most (issue #32, `listFound`): a search adds up to
 * 5, so this keeps the last few searches' tools; the oldest found is dropped past it. At the labelled
 * set's ~370 tokens per tool that is about 6,000 tokens on top of the search listing (docs/tool-search.md).
 */
export const MAX_FOUND_LISTED = 16;

/**
 * The tools found after `found` is added to `listed` (bridge names, oldest first): each one found again
 * moves to the newest end, the oldest are dropped past `cap`. Shared with `npm run bench`.
 */
export function withFound(listed: readonly string[], found: readonly string[], cap = MAX_FOUND_LISTED): string[] {
  const again = new Set(found);
  const next = [...listed.filter((name) => !again.has(name)), ...again];
  return next.slice(Math.max(0, next.length - cap));
}

/**
 * Per agent, the tools its searches found that its listing adds (agents with `listFound`). In memory
 * only: a restart starts every listing afresh. A listener hears of an agent whose set of found tools
 * changed (not its order), so its clients are told once (MCP server/tools "List Changed Notification").
 */
export class FoundListing {
  readonly #byAgent = new Map<string, { order: string[]; members: ReadonlySet<string> }>();
  readonly #listeners = new Set<(agent: string) => void>();

  /** The agent's found tools; a new set each time they change, so listings made from one can be cached by it. */
  of(agent: string): ReadonlySet<string> | undefined {
    return this.#byAgent.get(agent)?.members;
  }

  add(agent: string, found: readonly string[]): void {
    if (found.length === 0) return;
    const known = this.#byAgent.get(agent);
    const order = withFound(known?.order ?? [], found);
    const same = known !== undefined && order.length === known.members.size && order.every((name) => known.members.has(name));
    this.#byAgent.set(agent, { order, members: same ? known.members : new Set(order) });
    if (!same) for (const listener of this.#listeners) listener(agent);
  }

  /** An agent removed or revoked: a new one of the same name starts with none. */
  forget(agent: string): void {
    this.#byAgent.delete(agent);
  }

  onChange(listener: (agent: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const perBridge = new WeakMap<CallContext, FoundListing>();

/** The bridge's found listings (one per call context, as usage-counts.ts). */
export function foundListing(ctx: CallContext): FoundListing {
  let found = perBridge.get(ctx);
  if (found === undefined) {
    found = new FoundListing();
    perBridge.set(ctx, found);
  }
  return found;
}
