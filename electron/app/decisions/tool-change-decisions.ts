import { createHash } from 'node:crypto';
import { toolChangeDecision, type AppApi, type DecisionOf, type HeldChange } from '../../../shared/api';
import { CodedError, errorMessage } from '../../../shared/errors';
import type { ToolPins } from '../../pinning';
import type { DecisionSource, SourceSettled } from './decision-queue';

/** The decide input's id is at most 100 characters; a tool's name may be longer. */
const MAX_ID = 100;

/** One held change's id, the same across restarts: `server/kind/name`, or a digest of it when that is too long. */
export function toolChangeId(held: Pick<HeldChange, 'server' | 'kind' | 'name'>): string {
  const plain = `${held.server}/${held.kind}/${held.name}`;
  if (plain.length <= MAX_ID) return plain;
  return `${held.server.slice(0, 40)}/${held.kind}/#${createHash('sha256').update(plain).digest('hex').slice(0, 32)}`;
}

const OUTCOME = { accept: 'accepted', refuse: 'refused' } as const;

export interface ToolChangeParts {
  pins: Pick<ToolPins, 'held' | 'on'>;
  /** The configured servers, whose held changes are listed once at the start. */
  servers: () => string[];
  /** Deciding goes through the older method, so its checks and errors are unchanged. */
  pinsApi: Pick<AppApi, 'reviewChanges'>;
  log?: (line: string) => void;
}

/**
 * Tools and prompts held since their server's approval (electron/pinning). The pins are read from
 * disk per server, so this keeps what waits in memory, listed again per server on each `held`: a
 * change gone since is settled with the person's answer when they gave one, else as the server's
 * own doing (it stopped listing it).
 */
export function toolChangeDecisions(parts: ToolChangeParts): DecisionSource<'toolChange'> & { ready: () => Promise<void> } {
  const waiting = new Map<string, DecisionOf<'toolChange'>>();
  const answered = new Map<string, string>();
  let added: (decision: DecisionOf<'toolChange'>) => void = () => undefined;
  let settled: (s: SourceSettled) => void = () => undefined;
  let chain = Promise.resolve();

  const refresh = (server: string): Promise<void> => {
    chain = chain
      .then(async () => {
        const now = new Map((await parts.pins.held(server)).map((h) => [toolChangeId(h), h] as const));
        for (const [id, decision] of waiting) {
          if (decision.item.server !== server || now.has(id)) continue;
          waiting.delete(id);
          const outcome = answered.get(id);
          answered.delete(id);
          settled(outcome !== undefined ? { id, outcome } : { id, outcome: 'withdrawn', who: 'core' });
        }
        for (const [id, held] of now) {
          const known = waiting.get(id);
          const decision = toolChangeDecision(held, id);
          waiting.set(id, decision);
          if (known === undefined) added(decision);
        }
      })
      .catch((error: unknown) => parts.log?.(`[${server}] its held tool changes were not listed: ${errorMessage(error)}`));
    return chain;
  };

  /** The first listing of every configured server, started once the queue listens. */
  let first: Promise<void> = Promise.resolve();

  return {
    kind: 'toolChange',
    ready: () => first,
    list: () => [...waiting.values()],
    decide: async ({ id, answer }) => {
      const decision = waiting.get(id);
      if (decision === undefined) {
        throw new CodedError('not_found', `No tool change "${id}" waits for review`, { hint: 'Run `connected-services servers review` to see what waits.' });
      }
      const { server, kind, name } = decision.item;
      await parts.pinsApi.reviewChanges({ name: server, decisions: [{ kind, name, decision: answer.decision, ...(answer.digest !== undefined ? { digest: answer.digest } : {}) }] });
      // The review's `held` has queued its listing: settled (and recorded, with who decided) before the answer returns.
      await chain;
      return { outcome: OUTCOME[answer.decision] };
    },
    watch: (onAdded, onSettled) => {
      added = onAdded;
      settled = onSettled;
      first = Promise.all(parts.servers().map((server) => refresh(server))).then(() => undefined);
      return [
        parts.pins.on('reviewed', ({ server, decisions }) => {
          for (const d of decisions) {
            const id = toolChangeId({ server, kind: d.kind, name: d.name });
            // Only an answer to what waits: a refused item accepted or forgotten later was no waiting decision.
            if ((d.decision === 'accept' || d.decision === 'refuse') && waiting.has(id)) answered.set(id, OUTCOME[d.decision]);
          }
        }),
        parts.pins.on('held', ({ server }) => void refresh(server)),
        () => {
          added = () => undefined;
          settled = () => undefined;
        },
      ];
    },
  };
}
