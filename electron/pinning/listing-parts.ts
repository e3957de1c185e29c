import type { ServerPins } from './pin-file';
import { PART_RULES, PIN_PARTS, type PartRules, type PinnedItems, type PinPart } from './pin-kinds';
import { review, type PinState, type Reviewed } from './pin-state';

export function emptyState<T>(): PinState<T> {
  return { approved: {}, held: {}, refused: {} };
}

/** Each part of one listing as reviewed; undefined for a part the listing does not carry. */
export type Parts = { [P in PinPart]: Reviewed<PinnedItems[P]> | undefined };

export function heldCount(parts: Parts): number {
  return PIN_PARTS.reduce((sum, part) => sum + Object.keys(parts[part]?.next.held ?? {}).length, 0);
}

/** One part of a listing against its pins; undefined when the listing does not carry that part. */
export function reviewPart<P extends PinPart>(part: P, state: ServerPins | undefined, items: PinnedItems[P][] | undefined, acceptNew: boolean, now: number): Reviewed<PinnedItems[P]> | undefined {
  if (items === undefined) return undefined;
  const rules: PartRules<PinnedItems[P]> = PART_RULES[part];
  return review(state?.[part] as PinState<PinnedItems[P]> | undefined, items, { key: rules.key, digest: rules.digest, acceptNew, now });
}

/** The names of the parts `of` a listing approved (`approvedNow`) or removed, for the admin log; undefined for none. */
export function namesOf(parts: Parts, which: 'approvedNow' | 'removed', of: (part: PinPart) => boolean = () => true): Record<PinPart, string[]> | undefined {
  const pick = (part: PinPart): string[] => (of(part) ? (parts[part]?.[which] ?? []) : []);
  const names = { tools: pick('tools'), prompts: pick('prompts'), resources: pick('resources'), templates: pick('templates') };
  return PIN_PARTS.some((part) => names[part].length > 0) ? names : undefined;
}
