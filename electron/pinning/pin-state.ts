import { z } from 'zod';
import type { PinDecision } from '../../shared/api';
import { ownRecord } from '../../shared/config';
import { own, put } from './own-entry';

/** How many refused definitions of one name are remembered: a server cycling through more is held again. */
export const MAX_REFUSED = 32;
/** How many tools or prompts of one server may wait at once; more are left out (and logged) until some are decided. */
export const MAX_HELD = 500;
/**
 * How many removed approved names of one kind are remembered, and their definitions' JSON at most, in
 * UTF-8 bytes as the pin file stores it (one listing's worth, pool/listing-bound.ts): one listed again
 * is compared with what was approved.
 */
export const MAX_GONE = 500;
export const MAX_GONE_BYTES = 16 * 1024 * 1024;

export interface Pinned<T> {
  digest: string;
  def: T;
  at: number;
}

/** An approved definition the server no longer lists, since `goneAt`. */
export interface Gone<T> extends Pinned<T> {
  goneAt: number;
  /** When the person dismissed it from the review: still remembered as approved, no longer shown as removed. */
  dismissedAt?: number | undefined;
}

/** One kind (tools or prompts) of one server: what agents see, what waits, what the person refused. */
export interface PinState<T> {
  approved: Record<string, Pinned<T>>;
  held: Record<string, Pinned<T>>;
  /** Name → digests the person refused: that definition never reaches agents. */
  refused: Record<string, string[]>;
  /** Name → the definition the person refused last, to show it and let them accept it later (absent in older files). */
  refusedDefs?: Record<string, Pinned<T>> | undefined;
  /** Refused names the server no longer lists, since when: still refused (fail closed) until the person forgets them. */
  unlisted?: Record<string, number> | undefined;
  /** Approved names the server stopped listing, as approved: one listed again is held if it changed, never taken for new (absent in older files). */
  gone?: Record<string, Gone<T>> | undefined;
  /** Since when a removed name was forgotten to keep `gone` bounded: a new name may be one come back, so none is approved without review. */
  goneForgotten?: number | undefined;
}

function copyState<T>(state: PinState<T>): PinState<T> {
  return {
    approved: { ...state.approved },
    held: { ...state.held },
    refused: { ...state.refused },
    ...(state.refusedDefs !== undefined ? { refusedDefs: { ...state.refusedDefs } } : {}),
    ...(state.unlisted !== undefined ? { unlisted: { ...state.unlisted } } : {}),
    ...(state.gone !== undefined ? { gone: { ...state.gone } } : {}),
    ...(state.goneForgotten !== undefined ? { goneForgotten: state.goneForgotten } : {}),
  };
}

const storedBytes = (def: unknown): number => Buffer.byteLength(JSON.stringify(def), 'utf8');

/** Removed approved names kept as approved, the oldest forgotten past MAX_GONE or MAX_GONE_BYTES. */
function rememberGone<T>(next: PinState<T>, removed: ReadonlyMap<string, Pinned<T>>, now: number): void {
  if (removed.size === 0) return;
  const gone = { ...next.gone };
  for (const [name, pinned] of removed) put(gone, name, { ...pinned, goneAt: now });
  const oldestFirst = Object.entries(gone).sort(([, a], [, b]) => a.goneAt - b.goneAt);
  let bytes = oldestFirst.reduce((sum, [, entry]) => sum + storedBytes(entry.def), 0);
  let count = oldestFirst.length;
  for (const [name, entry] of oldestFirst) {
    if (count <= MAX_GONE && bytes <= MAX_GONE_BYTES) break;
    delete gone[name];
    count -= 1;
    bytes -= storedBytes(entry.def);
    next.goneForgotten ??= now;
  }
  next.gone = gone;
}

/**
 * The person's word that new names may be approved under acceptNew again, though removed ones were
 * forgotten: undefined when none was (nothing to clear).
 */
export function clearGoneForgotten<T>(state: PinState<T>): PinState<T> | undefined {
  if (state.goneForgotten === undefined) return undefined;
  const next = copyState(state);
  delete next.goneForgotten;
  return next;
}

/** A removed approved name listed again is approved as it was: the listing then holds it if it changed. */
function restoreGone<T>(next: PinState<T>, name: string): boolean {
  const back = own(next.approved, name) === undefined ? own(next.gone, name) : undefined;
  if (back === undefined || next.gone === undefined) return false;
  put(next.approved, name, { digest: back.digest, def: back.def, at: back.at });
  delete next.gone[name];
  if (Object.keys(next.gone).length === 0) delete next.gone;
  return true;
}

/** The name's refusal forgotten with what was kept beside it; `digest` alone when one is given. */
function dropRefusal<T>(next: PinState<T>, name: string, digest?: string): void {
  const left = digest === undefined ? [] : (own(next.refused, name) ?? []).filter((d) => d !== digest);
  if (left.length > 0) put(next.refused, name, left);
  else {
    delete next.refused[name];
    if (next.unlisted) delete next.unlisted[name];
  }
  if (next.refusedDefs) delete next.refusedDefs[name];
}

export function pinStateSchema<T>(item: z.ZodType<T>): z.ZodType<PinState<T>> {
  const pinned = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), def: item, at: z.number() });
  return z.object({
    // ownRecord: z.record drops a `__proto__` key unread (a refusal of a tool so named, forgotten).
    approved: ownRecord(z.string(), pinned),
    held: ownRecord(z.string(), pinned),
    refused: ownRecord(z.string(), z.array(z.string()).max(MAX_REFUSED)),
    refusedDefs: ownRecord(z.string(), pinned).optional(),
    unlisted: ownRecord(z.string(), z.number()).optional(),
    gone: ownRecord(z.string(), pinned.extend({ goneAt: z.number(), dismissedAt: z.number().optional() })).optional(),
    goneForgotten: z.number().optional(),
  });
}

export interface ReviewOptions<T> {
  /** What an item is known by: a tool's or prompt's name, a resource's URI, a template's URI template. */
  key: (item: T) => string;
  digest: (item: T) => string;
  /** New names are approved as they come (the server's `pinning.acceptNewTools`); changes never are, nor removed names listed again. */
  acceptNew: boolean;
  now: number;
}

export interface Reviewed<T> {
  /** What agents see, in the server's order: approved definitions only. */
  visible: T[];
  next: PinState<T>;
  /** The state differs from the one given (to be written). */
  changed: boolean;
  /** The set of held names or their definitions changed, or a refused name was listed again or no longer (the person has something new to see). */
  heldChanged: boolean;
  /** Names approved now without review: all of them on first sight, new ones under acceptNew. */
  approvedNow: string[];
  removed: string[];
  /** Each refused name this listing carries, with the digest it carries it with (accepting a refusal checks it). */
  listedRefused: Map<string, string>;
}

/**
 * A listing against its pins. First sight approves everything (the server was just approved); later,
 * a removed name goes at once (remembered as approved: back changed, it is held as changed), a new
 * or changed one is held (a changed one keeps its approved definition visible), a refused
 * definition stays out for good.
 */
export function review<T>(state: PinState<T> | undefined, items: readonly T[], options: ReviewOptions<T>): Reviewed<T> {
  if (state === undefined) {
    const approved: Record<string, Pinned<T>> = {};
    for (const item of items) if (own(approved, options.key(item)) === undefined) put(approved, options.key(item), { digest: options.digest(item), def: item, at: options.now });
    return { visible: [...items], next: { approved, held: {}, refused: {} }, changed: true, heldChanged: false, approvedNow: Object.keys(approved), removed: [], listedRefused: new Map() };
  }
  const next = copyState(state);
  const present = new Set(items.map(options.key));
  const removed = Object.keys(next.approved).filter((name) => !present.has(name));
  const gone = new Map<string, Pinned<T>>();
  for (const name of removed) {
    const pinned = own(next.approved, name);
    if (pinned !== undefined) gone.set(name, pinned);
    delete next.approved[name];
  }
  rememberGone(next, gone, options.now);
  let heldChanged = false;
  // A refused name the server stops listing stays refused (a read of its URI too); it is shown as gone.
  for (const name of Object.keys(next.refused)) {
    const since = own(next.unlisted, name);
    if (present.has(name) === (since === undefined)) continue;
    next.unlisted ??= {};
    if (since === undefined) put(next.unlisted, name, options.now);
    else delete next.unlisted[name];
    heldChanged = true;
  }
  if (next.unlisted !== undefined && Object.keys(next.unlisted).length === 0) delete next.unlisted;
  for (const name of Object.keys(next.held)) {
    if (present.has(name)) continue;
    delete next.held[name];
    heldChanged = true;
  }
  let changed = removed.length > 0 || heldChanged;
  const visible: T[] = [];
  const approvedNow: string[] = [];
  const seen = new Set<string>();
  const listedRefused = new Map<string, string>();
  for (const item of items) {
    const name = options.key(item);
    if (seen.has(name)) continue;
    seen.add(name);
    if (restoreGone(next, name)) changed = true;
    const digest = options.digest(item);
    const approved = own(next.approved, name);
    const refused = own(next.refused, name);
    if (refused !== undefined) listedRefused.set(name, digest);
    const dropHeld = (): void => {
      if (own(next.held, name) === undefined) return;
      delete next.held[name];
      changed = heldChanged = true;
    };
    if (approved?.digest === digest) {
      visible.push(approved.def);
      dropHeld();
    } else if (refused?.includes(digest) === true) {
      if (approved) visible.push(approved.def);
      dropHeld();
    } else if (approved === undefined && options.acceptNew && next.goneForgotten === undefined) {
      put(next.approved, name, { digest, def: item, at: options.now });
      visible.push(item);
      approvedNow.push(name);
      dropHeld();
      changed = true;
    } else {
      if (approved) visible.push(approved.def);
      const held = own(next.held, name);
      if (held?.digest !== digest && (held !== undefined || Object.keys(next.held).length < MAX_HELD)) {
        put(next.held, name, { digest, def: item, at: options.now });
        changed = heldChanged = true;
      }
    }
  }
  return { visible, next, changed, heldChanged, approvedNow, removed, listedRefused };
}

/**
 * The person's decision on one name: a held one accepted or refused; a refused one accepted after all
 * (its definition as refused, when kept) or forgotten (listed again, it is held again); a removed one
 * dismissed from the review (its approval still remembered). Undefined when nothing of that name waits,
 * was refused or was removed.
 */
export function decide<T>(state: PinState<T>, name: string, decision: PinDecision['decision'], now: number): PinState<T> | undefined {
  const held = own(state.held, name);
  const refusedDef = own(state.refusedDefs, name);
  const next = copyState(state);
  if (decision === 'dismiss') {
    const gone = own(state.gone, name);
    if (gone === undefined || next.gone === undefined) return undefined;
    if (gone.dismissedAt === undefined) put(next.gone, name, { ...gone, dismissedAt: now });
    return next;
  }
  if (decision === 'forget') {
    if (own(state.refused, name) === undefined) return undefined;
    dropRefusal(next, name);
    return next;
  }
  if (held === undefined) {
    if (decision !== 'accept' || refusedDef === undefined) return undefined;
    put(next.approved, name, { digest: refusedDef.digest, def: refusedDef.def, at: now });
    dropRefusal(next, name, refusedDef.digest);
    return next;
  }
  delete next.held[name];
  if (decision === 'accept') {
    put(next.approved, name, { digest: held.digest, def: held.def, at: now });
  } else {
    put(next.refused, name, [...(own(next.refused, name) ?? []).filter((d) => d !== held.digest), held.digest].slice(-MAX_REFUSED));
    next.refusedDefs = { ...next.refusedDefs };
    put(next.refusedDefs, name, { digest: held.digest, def: held.def, at: now });
  }
  return next;
}
