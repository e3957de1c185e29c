import { describe, expect, it } from 'vitest';
import type { ProcessMark } from '../../proc-env';
import { Confirmations } from './confirmations';

/** Processes as a test says: those in `running` run, with these starts. */
function fakeProcesses(running: Map<number, string>) {
  return {
    mark: (pid: number): ProcessMark | undefined => (running.has(pid) ? { pid, start: running.get(pid) ?? '' } : undefined),
    running: (mark: ProcessMark): boolean => running.get(mark.pid) === mark.start,
  };
}

const asked = (confirmations: Confirmations, pid?: number) =>
  confirmations.request({ method: 'declareServers', input: { servers: { s: { command: 'echo' } } }, shown: {}, summary: 'declare s', from: 'cli', ...(pid !== undefined ? { pid } : {}) });

describe('a confirmation and the process that asked it', () => {
  it('is listed as its program having exited once it has, and taken as such', () => {
    const running = new Map([[100, '5']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    const { confirmation } = asked(confirmations, 100);
    expect(confirmations.list()[0]?.askerGone).toBeUndefined();
    running.delete(100);
    expect(confirmations.list()[0]?.askerGone).toBe(true);
    expect(confirmations.take(confirmation.id)).toMatchObject({ askerGone: true });
  });

  it('takes a pid reused by a later process for its program gone', () => {
    const running = new Map([[100, '5']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    const { confirmation } = asked(confirmations, 100);
    running.set(100, '9');
    const taken = confirmations.take(confirmation.id);
    expect(taken.askerGone).toBe(true);
    expect(taken.asker).toBeUndefined();
  });

  it('hands the running asker to whoever runs it; a request with no pid has no asker and is never gone', () => {
    const running = new Map([[100, '5']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    expect(confirmations.take(asked(confirmations, 100).confirmation.id)).toMatchObject({ askerGone: false, asker: { pid: 100, start: '5' } });
    const none = confirmations.take(asked(confirmations).confirmation.id);
    expect(none.askerGone).toBe(false);
    expect(none.asker).toBeUndefined();
  });

  it("never judges a command's request by its asker: the command has ended by design when the person confirms", () => {
    const running = new Map([[100, '5']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    const { confirmation } = confirmations.request({ method: 'connectClient', input: { agent: 'a', client: 'cursor' }, shown: {}, summary: 'connect a', from: 'cli', pid: 100 });
    running.delete(100);
    expect(confirmations.list()[0]?.askerGone).toBeUndefined();
    expect(confirmations.take(confirmation.id).askerGone).toBe(false);
  });

  it('a pid that ran nothing when it asked is gone from the start', () => {
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(new Map()) });
    asked(confirmations, 4242);
    expect(confirmations.list()[0]?.askerGone).toBe(true);
  });

  it('is withdrawn by its asker alone: gone from the list, answered as withdrawn (not expired)', () => {
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(new Map([[100, '5']])) });
    const decided: string[] = [];
    confirmations.on('decided', ({ outcome }) => decided.push(outcome));
    const { confirmation, claim } = asked(confirmations, 100);
    expect(() => confirmations.withdraw(confirmation.id, 'guessed')).toThrow(/asked for recently/);
    expect(confirmations.list()).toHaveLength(1);
    confirmations.withdraw(confirmation.id, claim);
    expect(confirmations.list()).toEqual([]);
    expect(decided).toEqual(['withdrawn']);
    expect(confirmations.answer(confirmation.id, claim)).toEqual({ outcome: 'withdrawn', error: 'the program that asked for it took it back' });
    // Once more changes nothing.
    confirmations.withdraw(confirmation.id, claim);
    expect(decided).toEqual(['withdrawn']);
  });
});

describe('the same change asked for again', () => {
  const request = (confirmations: Confirmations, input: unknown, pid: number, from: 'cli' | 'app' = 'cli') =>
    confirmations.request({ method: 'addAgent', input, shown: input, summary: 'add an agent', from, pid });

  it('after its asker exited: one card, the newer; the older is withdrawn, its asker told why', () => {
    const running = new Map([[100, '5'], [200, '6'], [300, '7']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    const first = request(confirmations, { name: 'searcher', servers: ['a'] }, 100);
    const other = request(confirmations, { name: 'searcher', servers: ['b'] }, 100);
    running.delete(100);
    const again = request(confirmations, { name: 'searcher', servers: ['a'] }, 200);
    expect(confirmations.list().map((c) => c.id)).toEqual([other.confirmation.id, again.confirmation.id]);
    expect(confirmations.answer(first.confirmation.id, first.claim)).toEqual({ outcome: 'withdrawn', error: expect.stringContaining('asked for again') as unknown });
    expect(() => confirmations.take(first.confirmation.id)).toThrow('was withdrawn: the same change was asked for again');
    // Asked from elsewhere, it is another request.
    request(confirmations, { name: 'searcher', servers: ['a'] }, 300, 'app');
    expect(confirmations.list()).toHaveLength(3);
  });

  it('while its asker runs: both wait, so no other process can withdraw a request and take its place', () => {
    const running = new Map([[100, '5'], [200, '6']]);
    const confirmations = new Confirmations({ now: () => 1000, processes: fakeProcesses(running) });
    const first = request(confirmations, { name: 'searcher' }, 100);
    request(confirmations, { name: 'searcher' }, 200);
    request(confirmations, { name: 'searcher' }, 100);
    expect(confirmations.list()).toHaveLength(3);
    expect(confirmations.answer(first.confirmation.id, first.claim)).toEqual({ outcome: 'waiting' });
  });
});
