import { describe, expect, it } from 'vitest';
import type { DecisionRecord, HeldChange, PinDecision } from '../../../shared/api';
import { Emitter } from '../../../shared/events';
import type { PinsEvents } from '../../pinning';
import { ManualTimers } from '../../../test/support/manual-timers';
import { DecisionQueue } from './decision-queue';
import { createDecisionsApi } from './decisions-api';
import { toolChangeDecisions } from './tool-change-decisions';

let seen = 0;
function held(name: string, change: HeldChange['change'] = 'added'): HeldChange {
  seen += 1;
  return { server: 'notes', kind: 'tool', name, change, seenAt: seen, description: [], schema: [], digest: String(seen).padStart(64, '0') };
}

/** A server whose pins hold `now` after each listing; the source and the queue on them, records kept. */
function churning() {
  const events = new Emitter<PinsEvents>(() => undefined);
  const state: { now: HeldChange[] } = { now: [] };
  const asked: PinDecision[][] = [];
  const timers = new ManualTimers();
  /** The pins' review, as `servers review` answers: what it decides leaves what the pins hold. */
  const review = (decisions: PinDecision[]): Promise<{ ok: true }> => {
    asked.push(decisions);
    events.emit('reviewed', { server: 'notes', decisions });
    state.now = state.now.filter((h) => !decisions.some((d) => d.name === h.name));
    events.emit('held', { server: 'notes' });
    return Promise.resolve({ ok: true as const });
  };
  const source = toolChangeDecisions({
    pins: { held: () => Promise.resolve(state.now), on: events.on.bind(events) },
    servers: () => ['notes'],
    pinsApi: { reviewChanges: ({ decisions }) => review(decisions ?? []) },
    setTimer: timers.setTimer,
  });
  const records: DecisionRecord[] = [];
  const queue = new DecisionQueue({ record: (record) => records.push(record), now: () => 1_000_000 });
  queue.register(source);
  /** One listing: what it holds, told as the pins tell it, its refresh done (microtasks only). */
  const list = async (...now: HeldChange[]): Promise<void> => {
    state.now = now;
    events.emit('held', { server: 'notes' });
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** Answered outside the queue (`servers review`), its refresh done. */
  const answer = async (...decisions: PinDecision[]): Promise<void> => {
    await review(decisions);
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** The same answer through the App API's reviewChanges, as the CLI calls it. */
  const refuse = (): Promise<never> => Promise.reject(new Error('unused'));
  const api = createDecisionsApi({ queue, pinsApi: { reviewChanges: ({ decisions }) => review(decisions ?? []) }, bridgeApi: { decideApproval: refuse }, adminApi: { decideConfirmation: refuse }, asksApi: { answerAsk: refuse } });
  /** Two changes shown, then churn until they are folded into a standing decision. */
  const folded = async (): Promise<[HeldChange, HeldChange]> => {
    await source.ready();
    const [a, b] = [held('a'), held('b')];
    await list(a, b);
    for (let n = 1; n <= 4; n += 1) await list(a, b, held('search', 'changed'));
    return [a, b];
  };
  return { source, queue, api, records, asked, timers, state, list, answer, folded };
}

const lines = (records: DecisionRecord[]) => records.map(({ id, who, outcome }) => `${id} ${who} ${outcome}`);

describe('a server that keeps changing what waits', () => {
  it('becomes one standing decision at its third change in a row (a first tool added is none), updated in place with a bounded number of records, and answered as the change it shows', async () => {
    const { source, queue, records, asked, list } = churning();
    await source.ready();
    await list(held('v1'));
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/v1']);
    await list(held('v2'));
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/v2']);
    for (let n = 3; n <= 12; n += 1) await list(held(`v${n}`));
    const [standing, ...more] = queue.list();
    expect(more).toEqual([]);
    expect(standing).toMatchObject({ id: 'notes/changing', item: { name: 'v12', change: 'added' } });
    expect(standing?.summary).toBe('"notes" keeps changing its tools (11 changes in a row): now it lists a new tool "v12"');
    // Three changes withdrawn as before, then none per change while it stands.
    expect(lines(records)).toEqual(['notes/tool/v1 core withdrawn', 'notes/tool/v2 core withdrawn', 'notes/tool/v3 core withdrawn']);

    const digest = standing?.kind === 'toolChange' ? standing.item.digest : undefined;
    expect(await queue.decide({ kind: 'toolChange', id: 'notes/changing', answer: { decision: 'refuse', digest } }, 'app')).toEqual({ outcome: 'refused' });
    expect(asked).toEqual([[{ kind: 'tool', name: 'v12', decision: 'refuse', digest }]]);
    expect(lines(records).at(-1)).toBe('notes/changing app refused');
    expect(records.at(-1)?.what).toContain('keeps changing its tools');
    expect(queue.list()).toEqual([]);
  });

  it('stays while a flip leaves nothing waiting, and ends with one record once the server is quiet', async () => {
    const { source, queue, records, timers, list } = churning();
    await source.ready();
    for (let n = 0; n < 5; n += 1) {
      await list(held('search', 'changed'));
      await list();
    }
    expect(queue.list()).toMatchObject([{ id: 'notes/changing', summary: '"notes" keeps changing its tools (9 changes in a row): nothing waits right now (last it changed the tool "search")' }]);
    await expect(queue.decide({ kind: 'toolChange', id: 'notes/changing', answer: { decision: 'accept' } }, 'app')).rejects.toMatchObject({ code: 'not_found' });
    const before = records.length;
    expect(before).toBeLessThanOrEqual(3);
    expect(timers.fireAll()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines(records.slice(before))).toEqual(['notes/changing core withdrawn']);
    expect(queue.list()).toEqual([]);
  });

  it('is not what a server adding its tools one listing at a time becomes: only a change replaced, altered or taken back counts', async () => {
    const { source, queue, records, list } = churning();
    await source.ready();
    const tools = ['a', 'b', 'c', 'd', 'e'].map((name) => held(name));
    for (let n = 1; n <= tools.length; n += 1) await list(...tools.slice(0, n));
    expect(queue.list().map((d) => d.id)).toEqual(tools.map((t) => `notes/tool/${t.name}`));
    expect(records).toEqual([]);
    // One of them changed three times is.
    for (let n = 1; n <= 3; n += 1) await list(...tools, held('a', 'changed'));
    expect(queue.list().map((d) => d.summary)).toEqual(['"notes" keeps changing its tools (3 changes in a row): now it changed the tool "a", and 4 more wait']);
  });

  it('ends what it folds in that was shown as folded, not withdrawn, and shows it again under its id once it is answered', async () => {
    const { queue, records, folded } = churning();
    await folded();
    expect(lines(records)).toEqual(['notes/tool/a core folded', 'notes/tool/b core folded', 'notes/tool/search core folded']);
    const [standing] = queue.list();
    const digest = standing?.kind === 'toolChange' ? standing.item.digest : undefined;
    await queue.decide({ kind: 'toolChange', id: 'notes/changing', answer: { decision: 'accept', digest } }, 'app');
    expect(queue.list().map((d) => d.id)).toEqual(['notes/tool/a', 'notes/tool/b']);
    await queue.decide({ kind: 'toolChange', id: 'notes/tool/a', answer: { decision: 'accept' } }, 'app');
    expect(lines(records).slice(3)).toEqual(['notes/changing app accepted', 'notes/tool/a app accepted']);
  });

  it('records a change folded into it and answered on its own (`servers review`) as it waited: its wording and when it was first held', async () => {
    const { records, answer, folded } = churning();
    const [a] = await folded();
    expect(lines(records)).toContain('notes/tool/a core folded');
    await answer({ kind: 'tool', name: 'a', decision: 'accept' });
    expect(records.at(-1)).toMatchObject({ id: 'notes/tool/a', who: 'person', outcome: 'accepted', what: '"notes" lists a new tool "a"', requestedAt: a.seenAt });
  });

  it('records who answered a folded change through reviewChanges (`servers review` is the command line), not the person by default', async () => {
    const { api, records, folded } = churning();
    await folded();
    expect(lines(records)).toContain('notes/tool/b core folded');
    await api.reviewChanges({ name: 'notes', decisions: [{ kind: 'tool', name: 'b', decision: 'accept' }] }, 'cli');
    await new Promise((resolve) => setImmediate(resolve));
    expect(records.at(-1)).toMatchObject({ id: 'notes/tool/b', who: 'cli', outcome: 'accepted', what: '"notes" lists a new tool "b"' });
  });

  it('is rebuilt when the person answers a change folded into it, its count started again by the answer', async () => {
    const { source, queue, records, state, list, answer } = churning();
    await source.ready();
    const [a, b] = [held('a'), held('b')];
    await list(a, b);
    for (let n = 1; n <= 4; n += 1) await list(a, b, held('search', 'changed'));
    const summaries = () => queue.list().map((d) => d.summary);
    expect(summaries()).toEqual(['"notes" keeps changing its tools (3 changes in a row): now it changed the tool "search", and 2 more wait']);
    await answer({ kind: 'tool', name: 'a', decision: 'accept' });
    expect(summaries()).toEqual(['"notes" keeps changing its tools: now it changed the tool "search", and 1 more wait']);
    await list(b, held('search', 'changed'));
    expect(summaries()).toEqual(['"notes" keeps changing its tools (1 change in a row): now it changed the tool "search", and 1 more wait']);
    // Answered as the server takes back the one shown: nothing waits, and no run is left to end it by quiet.
    state.now = [b];
    const before = records.length;
    await answer({ kind: 'tool', name: 'b', decision: 'refuse' });
    expect(lines(records.slice(before))).toEqual(['notes/tool/b person refused', 'notes/changing core withdrawn']);
    expect(queue.list()).toEqual([]);
  });
});
