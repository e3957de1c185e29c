import { PIN_KIND_WORDS, SHORT_DIGEST_CHARS, type HeldChange, type PinDecision, type RefusedItem, type RemovedItem } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { revealHidden } from '../../../shared/text';

/** `NAME@DIGEST`: the digest as `servers review` shows it (its first 16 hex characters) or whole. */
const NAMED_DIGEST = new RegExp(`^(.+)@([0-9a-fA-F]{${SHORT_DIGEST_CHARS},64})$`);

/** A name as given on the command line, and the digest of the definition the person read, when given. */
export interface NamedChoice {
  name: string;
  digest?: string;
}

export function namedChoice(arg: string): NamedChoice {
  const match = NAMED_DIGEST.exec(arg);
  return match?.[1] !== undefined && match[2] !== undefined ? { name: match[1], digest: match[2].toLowerCase() } : { name: arg };
}

const review = (server: string): string => `connected-services servers review ${server}`;

/** `--accept NAME` alone would approve whatever waits when it runs, perhaps not what the person read. */
function digestMissing(server: string, name: string): CodedError {
  return new CodedError('invalid_input', `Name the definition you accept: --accept ${revealHidden(name)}@DIGEST, with the digest shown beside it.`, {
    hint: `Run \`${review(server)}\` to read what waits and its digest; an accept naming it approves only that definition.`,
  });
}

/** What the person read is no longer what waits (or what they refused): nothing is decided. */
function changedSince(server: string, held: HeldChange | RefusedItem, digest: string): CodedError {
  return new CodedError(
    'invalid_input',
    `The ${PIN_KIND_WORDS[held.kind]} "${revealHidden(held.name)}" of "${server}" is no longer the definition you were shown (digest ${digest}): it changed since. Nothing was decided.`,
    { hint: `Run \`${review(server)}\` to read what waits now, then decide again with the digest shown beside it.`, data: { changedSince: 'seen-changed' } },
  );
}

/**
 * What each name decides: a held item by its name; `accept` and `forget` also one refused before.
 * `accept` (and `refuse`, when given one) names the digest shown: the items whose definition has it, or
 * an error when the name's definition changed since. The full digest goes to the core, which refuses
 * the decision if what waits changes again before it is kept.
 */
export function decisionsFor(server: string, held: HeldChange[], refused: RefusedItem[], args: string[], decision: PinDecision['decision']): PinDecision[] {
  return args.flatMap((arg) => {
    const { name, digest } = decision === 'forget' ? { name: arg, digest: undefined } : namedChoice(arg);
    const waiting = decision === 'forget' ? [] : held.filter((h) => h.name === name);
    const candidates: Array<HeldChange | RefusedItem> = waiting.length > 0 || decision === 'refuse' ? waiting : refused.filter((r) => r.name === name && (decision === 'forget' || r.canAccept));
    if (candidates.length === 0) {
      const what = decision === 'forget' ? 'was refused' : decision === 'accept' ? 'waits for review or was refused' : 'waits for review';
      throw new CodedError('not_found', `Nothing named "${revealHidden(name)}" ${what}.`, { hint: 'Run the command without --accept, --refuse or --forget to see what waits and what you refused.' });
    }
    if (decision === 'accept' && digest === undefined) throw digestMissing(server, name);
    const shown = decision === 'refuse' ? waiting : [...waiting, ...refused.filter((r) => r.name === name && r.canAccept)];
    const found = digest === undefined ? candidates : shown.filter((h) => h.digest?.startsWith(digest) === true);
    const first = candidates[0];
    if (found.length === 0 && first !== undefined && digest !== undefined) throw changedSince(server, first, digest);
    return found.map((h) => ({ kind: h.kind, name: h.name, decision, ...(decision !== 'forget' && h.digest !== undefined ? { digest: h.digest } : {}) }));
  });
}

/** `--dismiss NAME…`: each name the server removed, no longer shown as removed (every kind so named); `all`: every one shown. */
export function dismissalsFor(removed: readonly RemovedItem[], args: readonly string[] | 'all'): PinDecision[] {
  if (args === 'all') return removed.map((r) => ({ kind: r.kind, name: r.name, decision: 'dismiss' }));
  return args.flatMap((name) => {
    const found = removed.filter((r) => r.name === name);
    if (found.length === 0) {
      throw new CodedError('not_found', `Nothing named "${revealHidden(name)}" is shown as removed by the server.`, { hint: 'Run the command without --dismiss to see what the server removed.' });
    }
    return found.map((r) => ({ kind: r.kind, name: r.name, decision: 'dismiss' as const }));
  });
}
