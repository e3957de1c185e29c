import { z } from 'zod';

/** How many refused definitions of one name are remembered: a server cycling through more is held again. */
export const MAX_REFUSED = 32;
/** How many tools or prompts of one server may wait at once; more are left out (and logged) until some are decided. */
export const MAX_HELD = 500;

export interface Pinned<T> {
  digest: string;
  def: T;
  at: number;
}

/** One kind (tools or prompts) of one server: what agents see, what waits, what the person refused. */
export interface PinState<T> {
  approved: Record<string, Pinned<T>>;
  held: Record<string, Pinned<T>>;
  /** Name → digests the person refused: that definition never reaches agents. */
  refused: Record<string, string[]>;
}

export function pinStateSchema<T>(item: z.ZodType<T>): z.ZodType<PinState<T>> {
  const pinned = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), def: item, at: z.number() });
  return z.object({
    approved: z.record(z.string(), pinned),
    held: z.record(z.string(), pinned),
    refused: z.record(z.string(), z.array(z.string()).max(MAX_REFUSED)),
  });
}

export interface ReviewOptions<T> {
  /** What an item is known by: a tool's or prompt's name, a resource's URI, a template's URI template. */
  key: (item: T) => string;
  digest: (item: T) => string;
  /** New names are approved as they come (the server's `pinning.acceptNewTools`); changes never are. */
  acceptNew: boolean;
  now: number;
}

export interface Reviewed<T> {
  /** What agents see, in the server's order: approved definitions only. */
  visible: T[];
  next: PinState<T>;
  /** The state differs from the one given (to be written). */
  changed: boolean;
  /** The set of held names or their definitions changed (the person has something new to see). */
  heldChanged: boolean;
  /** Names approved now without review: all of them on first sight, new ones under acceptNew. */
  approvedNow: string[];
  removed: string[];
}

/**
 * A listing against its pins. First sight approves everything (the server was just approved); later,
 * a removed name goes at once, a new or changed one is held (a changed one keeps its approved
 * definition visible), a refused definition stays out for good.
 */
export function review<T>(state: PinState<T> | undefined, items: readonly T[], options: ReviewOptions<T>): Reviewed<T> {
  if (state === undefined) {
    const approved: Record<string, Pinned<T>> = {};
    for (const item of items) approved[options.key(item)] ??= { digest: options.digest(item), def: item, at: options.now };
    return { visible: [...items], next: { approved, held: {}, refused: {} }, changed: true, heldChanged: false, approvedNow: Object.keys(approved), removed: [] };
  }
  const next: PinState<T> = { approved: { ...state.approved }, held: { ...state.held }, refused: { ...state.refused } };
  const present = new Set(items.map(options.key));
  const removed = Object.keys(next.approved).filter((name) => !present.has(name));
  for (const name of removed) delete next.approved[name];
  let heldChanged = false;
  for (const name of Object.keys(next.held)) {
    if (present.has(name)) continue;
    delete next.held[name];
    heldChanged = true;
  }
  let changed = removed.length > 0 || heldChanged;
  const visible: T[] = [];
  const approvedNow: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const name = options.key(item);
    if (seen.has(name)) continue;
    seen.add(name);
    const digest = options.digest(item);
    const approved = next.approved[name];
    const dropHeld = (): void => {
      if (next.held[name] === undefined) return;
      delete next.held[name];
      changed = heldChanged = true;
    };
    if (approved?.digest === digest) {
      visible.push(approved.def);
      dropHeld();
    } else if (next.refused[name]?.includes(digest) === true) {
      if (approved) visible.push(approved.def);
      dropHeld();
    } else if (approved === undefined && options.acceptNew) {
      next.approved[name] = { digest, def: item, at: options.now };
      visible.push(item);
      approvedNow.push(name);
      dropHeld();
      changed = true;
    } else {
      if (approved) visible.push(approved.def);
      if (next.held[name]?.digest !== digest && (next.held[name] !== undefined || Object.keys(next.held).length < MAX_HELD)) {
        next.held[name] = { digest, def: item, at: options.now };
        changed = heldChanged = true;
      }
    }
  }
  return { visible, next, changed, heldChanged, approvedNow, removed };
}

/** The person's decision on one held name; undefined when nothing of that name waits. */
export function decide<T>(state: PinState<T>, name: string, decision: 'accept' | 'refuse', now: number): PinState<T> | undefined {
  const held = state.held[name];
  if (held === undefined) return undefined;
  const next: PinState<T> = { approved: { ...state.approved }, held: { ...state.held }, refused: { ...state.refused } };
  delete next.held[name];
  if (decision === 'accept') {
    next.approved[name] = { digest: held.digest, def: held.def, at: now };
  } else {
    next.refused[name] = [...(next.refused[name] ?? []).filter((d) => d !== held.digest), held.digest].slice(-MAX_REFUSED);
  }
  return next;
}
