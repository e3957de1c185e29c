import { PIN_KIND_WORDS, type HeldChange, type PinKind } from '../../../shared/api';
import { joinedList } from '../../../shared/text';

/** "2 tools and 1 prompt": each kind's count, in the order of `kinds`. */
function counted(held: readonly HeldChange[], kinds: readonly PinKind[]): string {
  const parts = kinds.flatMap((kind) => {
    const n = held.filter((h) => h.kind === kind).length;
    return n === 0 ? [] : [`${n} ${PIN_KIND_WORDS[kind]}${n === 1 ? '' : 's'}`];
  });
  return joinedList(parts);
}

/**
 * One line per server for what it lists that waits for the person's review (new, or changed from
 * the approved definition): a listing, like agents, shows only what was approved, so without this
 * a held tool is just missing. `kinds`: the kinds the command lists.
 */
export function heldNotes(held: readonly HeldChange[], kinds: readonly PinKind[]): string[] {
  const servers = [...new Set(held.filter((h) => kinds.includes(h.kind)).map((h) => h.server))].sort();
  return servers.map((server) => {
    const mine = held.filter((h) => h.server === server && kinds.includes(h.kind));
    const [are, them] = mine.length === 1 ? ['is', 'it'] : ['are', 'them'];
    return `${server} lists ${counted(mine, kinds)} that ${are} new or changed, which agents do not see until you review ${them} (a changed one keeps its approved definition): connected-services servers review ${server}`;
  });
}
