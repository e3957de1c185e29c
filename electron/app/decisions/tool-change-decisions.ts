import { createHash } from 'node:crypto';
import { toolChangeDecision, type AppApi, type DecisionOf, type HeldChange } from '../../../shared/api';
import { CodedError, errorMessage } from '../../../shared/errors';
import type { ToolPins } from '../../pinning';
import { defaultSetTimer, type SetTimer } from '../../pool';
import type { DecisionSource, SourceSettled } from './decision-queue';
import { CHANGES_TO_STAND, ChangeRuns, standingDecision, standingId } from './tool-change-runs';

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
  /** Ends a run of changes after RUN_QUIET_MS (tool-change-runs.ts). */
  setTimer?: SetTimer;
}

/**
 * Tools and prompts held since their server's approval (electron/pinning). The pins are read from
 * disk per server, so this keeps what waits in memory, listed again per server on each `held`: a
 * change gone since is settled with the person's answer when they gave one, else as the server's
 * own doing (it stopped listing it). A server whose listings change what waits CHANGES_TO_STAND times in a
 * row, unanswered, gets one standing decision instead (tool-change-runs.ts): updated in place, recorded once it
 * ends; what it folds in that was shown ends as `folded`, not withdrawn, as it is still held.
 */
export function toolChangeDecisions(parts: ToolChangeParts): DecisionSource<'toolChange'> & { ready: () => Promise<void> } {
  const waiting = new Map<string, DecisionOf<'toolChange'>>();
  const answered = new Map<string, string>();
  let added: (decision: DecisionOf<'toolChange'>) => void = () => undefined;
  let settled: (s: SourceSettled) => void = () => undefined;
  let chain = Promise.resolve();

  /** Per server that keeps changing what waits: its one decision, all its held changes folded into it. */
  const standing = new Map<string, DecisionOf<'toolChange'>>();
  const ofServer = (server: string): Array<DecisionOf<'toolChange'>> => [...waiting.values()].filter((d) => d.item.server === server);
  const runs = new ChangeRuns(parts.setTimer ?? defaultSetTimer, (server) => {
    // Quiet since: a standing decision with nothing behind it ends; one with changes waiting stays to be answered.
    chain = chain.then(() => {
      if (!standing.has(server) || ofServer(server).length > 0) return;
      standing.delete(server);
      settled({ id: standingId(server), outcome: 'withdrawn', who: 'core' });
    });
  });

  const refresh = (server: string): Promise<void> => {
    chain = chain
      .then(async () => {
        const now = new Map((await parts.pins.held(server)).map((h) => [toolChangeId(h), h] as const));
        const stands = standing.get(server);
        const standsFor = stands === undefined ? undefined : toolChangeId(stands.item);
        let answeredNow: string | undefined;
        let personAnswered = false;
        const gone: string[] = [];
        for (const [id, decision] of waiting) {
          if (decision.item.server !== server || now.has(id)) continue;
          waiting.delete(id);
          const outcome = answered.get(id);
          answered.delete(id);
          if (outcome !== undefined) personAnswered = true;
          else gone.push(id);
          if (id === standsFor && outcome !== undefined) answeredNow = outcome;
          // What the person answered is recorded as it waited (one folded into the standing decision is shown no
          // longer); while that stands, what went without them leaves no record of its own.
          else if (outcome !== undefined) settled({ id, outcome, was: { summary: decision.summary, requestedAt: decision.requestedAt } });
          else if (stands === undefined) settled({ id, outcome: 'withdrawn', who: 'core' });
        }
        const fresh: Array<DecisionOf<'toolChange'>> = [];
        // Churn replaces, alters or takes back what waits; a tool added once only changes what is shown.
        let churn = gone.length > 0;
        for (const [id, held] of now) {
          const known = waiting.get(id);
          const decision = toolChangeDecision(held, id);
          waiting.set(id, decision);
          if (known === undefined) fresh.push(decision);
          if (known === undefined ? runs.wentBefore(server, id) : known.item.digest !== held.digest || known.item.seenAt !== held.seenAt) churn = true;
        }
        if (personAnswered) runs.end(server);
        else if (churn) runs.changed(server, gone);
        if (stands !== undefined) {
          if (answeredNow !== undefined) {
            // Answered as the change it showed: what else waits is shown on its own again.
            standing.delete(server);
            settled({ id: standingId(server), outcome: answeredNow });
            for (const decision of ofServer(server)) added(decision);
          } else if (now.size === 0 && runs.count(server) === 0) {
            // Nothing waits and no run is left to end it by quiet: it ends now.
            standing.delete(server);
            settled({ id: standingId(server), outcome: 'withdrawn', who: 'core' });
          } else if (churn || fresh.length > 0 || personAnswered) {
            const decision = standingDecision(server, [...now.values()], stands.item, runs.count(server), stands.requestedAt);
            standing.set(server, decision);
            // Updated in place: the same id, no record until it ends.
            added(decision);
          }
          return;
        }
        const count = runs.count(server);
        if (count >= CHANGES_TO_STAND && now.size > 0) {
          // Still held: each shown one ends here as folded, and is shown under its id again once the standing one is answered.
          for (const decision of ofServer(server)) if (!fresh.includes(decision)) settled({ id: decision.id, outcome: 'folded', who: 'core' });
          const held = [...now.values()];
          const decision = standingDecision(server, held, held[0] as HeldChange, count, Math.max(...held.map((h) => h.seenAt)));
          standing.set(server, decision);
          added(decision);
          return;
        }
        for (const decision of fresh) added(decision);
      })
      .catch((error: unknown) => parts.log?.(`[${server}] its held tool changes were not listed: ${errorMessage(error)}`));
    return chain;
  };

  /** The first listing of every configured server, started once the queue listens. */
  let first: Promise<void> = Promise.resolve();

  return {
    kind: 'toolChange',
    ready: () => first,
    caughtUp: () => chain,
    list: () => [...[...waiting.values()].filter((d) => !standing.has(d.item.server)), ...standing.values()],
    decide: async ({ id, answer }) => {
      const stands = [...standing.values()].find((s) => s.id === id);
      if (stands !== undefined && !waiting.has(toolChangeId(stands.item))) {
        const { server } = stands.item;
        throw new CodedError('not_found', `Nothing of "${server}" waits for review right now: it keeps changing its tools`, { hint: `Run \`connected-services servers review ${server}\` to see what waits.` });
      }
      const decision = stands !== undefined ? waiting.get(toolChangeId(stands.item)) : waiting.get(id);
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
          runs.close();
          added = () => undefined;
          settled = () => undefined;
        },
      ];
    },
  };
}
