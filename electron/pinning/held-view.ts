import type { HeldChange, RefusedItem, RemovedItem } from '../../shared/api';
import { own } from './own-entry';
import type { ServerPins } from './pin-file';
import { PART_RULES, PIN_PARTS, type PartRules, type PinPart } from './pin-kinds';
import type { PinState } from './pin-state';
import { diffCut, wordDiff } from './word-diff';

function changesOf<T extends { description?: string | undefined }>(server: string, rules: PartRules<T>, state: PinState<T> | undefined): HeldChange[] {
  return Object.entries(state?.held ?? {}).map(([name, held]) => {
    const before = own(state?.approved, name)?.def;
    const description = wordDiff(before?.description ?? '', held.def.description ?? '');
    const schema = rules.changes(before, held.def);
    return {
      server,
      kind: rules.kind,
      name,
      change: before === undefined ? 'added' : 'changed',
      digest: held.digest,
      seenAt: held.at,
      description,
      schema,
      ...(diffCut(description) || schema.some((c) => c.cut === true) ? { cut: true } : {}),
    };
  });
}

/** What waits of one server, each with the difference the person decides on. */
export function heldChanges(server: string, pins: ServerPins): HeldChange[] {
  return PIN_PARTS.flatMap((part) => changesOf(server, PART_RULES[part] as PartRules<{ description?: string | undefined }>, pins[part] as PinState<{ description?: string | undefined }> | undefined));
}

/** The digest a server's last listing carries a refused name with (pins.ts); undefined when none seen. */
export type ListedRefused = (part: PinPart, name: string) => string | undefined;

function refusedOf<T extends { description?: string | undefined }>(server: string, rules: PartRules<T>, state: PinState<T> | undefined, listed: (name: string) => string | undefined): RefusedItem[] {
  return Object.keys(state?.refused ?? {}).map((name) => {
    const def = own(state?.refusedDefs, name);
    const unlistedSince = own(state?.unlisted, name);
    const now = listed(name);
    const changed = def !== undefined && unlistedSince === undefined && (own(state?.held, name) !== undefined || (now !== undefined && now !== def.digest));
    return {
      server,
      kind: rules.kind,
      name,
      listed: unlistedSince === undefined,
      ...(unlistedSince !== undefined ? { unlistedSince } : {}),
      ...(def !== undefined ? { refusedAt: def.at, ...(def.def.description !== undefined ? { description: def.def.description } : {}) } : {}),
      canAccept: def !== undefined,
      ...(def !== undefined ? { digest: def.digest, changed } : {}),
    };
  });
}

/** What the person refused of one server, each listed or no longer. */
export function refusedItems(server: string, pins: ServerPins, listed: ListedRefused): RefusedItem[] {
  return PIN_PARTS.flatMap((part) =>
    refusedOf(server, PART_RULES[part] as PartRules<{ description?: string | undefined }>, pins[part] as PinState<{ description?: string | undefined }> | undefined, (name) => listed(part, name)),
  );
}

function removedOf<T extends { description?: string | undefined }>(server: string, rules: PartRules<T>, state: PinState<T> | undefined): RemovedItem[] {
  // One the person dismissed is no longer shown; listed again and removed again, it is shown anew.
  return Object.entries(state?.gone ?? {}).filter(([, gone]) => gone.dismissedAt === undefined).map(([name, gone]) => ({
    server,
    kind: rules.kind,
    name,
    removedAt: gone.goneAt,
    ...(gone.def.description !== undefined ? { description: gone.def.description } : {}),
  }));
}

/** What of one server agents lost when it stopped listing it, newest first. */
export function removedItems(server: string, pins: ServerPins): RemovedItem[] {
  return PIN_PARTS.flatMap((part) => removedOf(server, PART_RULES[part] as PartRules<{ description?: string | undefined }>, pins[part] as PinState<{ description?: string | undefined }> | undefined)).sort(
    (a, b) => b.removedAt - a.removedAt,
  );
}
