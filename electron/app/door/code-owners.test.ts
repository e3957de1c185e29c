import { describe, expect, it } from 'vitest';
import type { ProcessMark } from '../../proc-env';
import { CodeOwners, LIVENESS_CACHE_MS } from './code-owners';

function owners(running: Set<number>) {
  const forgotten: string[] = [];
  const owners = new CodeOwners({
    forget: {
      servers: (names) => Promise.resolve(void forgotten.push(`servers ${names.join(',')}`)),
      agents: (names) => Promise.resolve(void forgotten.push(`agents ${names.join(',')}`)),
    },
    running: (mark: ProcessMark) => running.has(mark.pid),
    everyMs: 60_000,
  });
  return { owners, forgotten };
}

describe('CodeOwners', () => {
  it('forgets what a program declared once it is gone, once, and keeps what running programs declared', async () => {
    const running = new Set([1, 2]);
    const { owners: o, forgotten } = owners(running);
    o.record('declareServers', { servers: { a: {}, b: {} } }, { pid: 1, start: '1' });
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 1, start: '1' });
    o.record('declareServers', { servers: { c: {} } }, { pid: 2, start: '1' });
    await o.sweep();
    expect(forgotten).toEqual([]);
    running.delete(1);
    await o.sweep();
    expect(forgotten).toEqual(['agents bot', 'servers a,b']);
    await o.sweep();
    expect(forgotten).toEqual(['agents bot', 'servers a,b']);
    o.stop();
  });

  it('moves a name declared again to its new program, and ignores other methods', async () => {
    const running = new Set([1, 2]);
    const { owners: o, forgotten } = owners(running);
    o.record('declareServers', { servers: { a: {} } }, { pid: 1, start: '1' });
    o.record('declareServers', { servers: { a: {} } }, { pid: 2, start: '1' });
    o.record('setSecret', { name: 'X', value: 'v' }, { pid: 1, start: '1' });
    running.delete(1);
    await o.sweep();
    expect(forgotten).toEqual([]);
    running.delete(2);
    await o.sweep();
    expect(forgotten).toEqual(['servers a']);
  });
});

describe('CodeOwners: a program forgets its own names and takes none a running program holds', () => {
  const withMarks = (running: Set<number>) =>
    new CodeOwners({
      forget: { servers: () => Promise.resolve(), agents: () => Promise.resolve() },
      running: (mark: ProcessMark) => running.has(mark.pid),
      mark: (pid) => (running.has(pid) ? { pid, start: '1' } : undefined),
      everyMs: 60_000,
    });

  it('ownedBy keeps only the names the calling program declared', () => {
    const o = withMarks(new Set([1, 2]));
    o.record('declareServers', { servers: { a: {} } }, { pid: 1, start: '1' });
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 2, start: '1' });
    expect(o.ownedBy('servers', ['a', 'b'], 1)).toEqual(['a']);
    expect(o.ownedBy('servers', ['a'], 2)).toEqual([]);
    expect(o.ownedBy('agents', ['bot'], 1)).toEqual([]);
    expect(o.ownedBy('agents', ['bot'], undefined)).toEqual([]);
    o.stop();
  });

  it('takenFrom names a running program holding the name, not the caller itself nor an ended program', () => {
    const running = new Set([1, 2]);
    const o = withMarks(running);
    o.record('declareServers', { servers: { a: {} } }, { pid: 1, start: '1' });
    expect(o.takenFrom('declareServers', { servers: { a: {}, c: {} } }, 2)).toEqual([{ name: 'a', pid: 1 }]);
    expect(o.takenFrom('declareServers', { servers: { a: {} } }, 1)).toEqual([]);
    expect(o.takenFrom('declareAgents', { agents: { a: {} } }, 2)).toEqual([]);
    running.delete(1);
    expect(o.takenFrom('declareServers', { servers: { a: {} } }, 2)).toEqual([]);
    o.stop();
  });
});

describe('CodeOwners.agentAlive: each bridge request from a code agent looks at its program', () => {
  function probed(running: Set<number>) {
    let clock = 1_000;
    let looks = 0;
    const forgotten: string[] = [];
    const o = new CodeOwners({
      forget: {
        servers: (names) => Promise.resolve(void forgotten.push(`servers ${names.join(',')}`)),
        agents: (names) => Promise.resolve(void forgotten.push(`agents ${names.join(',')}`)),
      },
      running: (mark: ProcessMark) => (looks++, running.has(mark.pid)),
      everyMs: 60_000,
      now: () => clock,
    });
    return { o, forgotten, looks: () => looks, tick: (ms: number) => (clock += ms) };
  }

  it('looks at /proc once per cache period, then again, and refuses once the program is gone', async () => {
    const running = new Set([1]);
    const { o, forgotten, looks, tick } = probed(running);
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 1, start: '1' });
    o.record('declareServers', { servers: { a: {} } }, { pid: 1, start: '1' });
    expect(o.agentAlive('bot')).toBe(true);
    expect(o.agentAlive('bot')).toBe(true);
    expect(looks()).toBe(1);
    running.delete(1);
    tick(LIVENESS_CACHE_MS);
    expect(o.agentAlive('bot')).toBe(false);
    expect(looks()).toBe(2);
    // Refused while its forgetting runs, and after: the sweep finds nothing left to forget.
    expect(o.agentAlive('bot')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    await o.sweep();
    expect(forgotten).toEqual(['agents bot', 'servers a']);
    o.stop();
  });

  it('serves agents no program here declared, and an agent declared again by a running program', () => {
    const running = new Set([2]);
    const { o } = probed(running);
    expect(o.agentAlive('stored')).toBe(true);
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 1, start: '1' });
    expect(o.agentAlive('bot')).toBe(false);
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 2, start: '1' });
    expect(o.agentAlive('bot')).toBe(true);
    o.stop();
  });

  it('keeps the last answer when the look fails (EMFILE), and forgets only on a definite one', async () => {
    let probe: () => boolean = () => true;
    const forgotten: string[] = [];
    let clock = 1_000;
    const o = new CodeOwners({
      forget: { servers: () => Promise.resolve(), agents: (names) => Promise.resolve(void forgotten.push(...names)) },
      running: () => probe(),
      everyMs: 60_000,
      now: () => clock,
    });
    const emfile = (): boolean => {
      throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    };
    o.record('declareAgents', { agents: { bot: {} } }, { pid: 1, start: '1' });
    probe = emfile;
    expect(o.agentAlive('bot')).toBe(true);
    probe = () => true;
    clock += LIVENESS_CACHE_MS;
    expect(o.agentAlive('bot')).toBe(true);
    probe = emfile;
    clock += LIVENESS_CACHE_MS;
    expect(o.agentAlive('bot')).toBe(true);
    await o.sweep();
    await new Promise((resolve) => setImmediate(resolve));
    expect(forgotten).toEqual([]);
    probe = () => false;
    clock += LIVENESS_CACHE_MS;
    expect(o.agentAlive('bot')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(forgotten).toEqual(['bot']);
    o.stop();
  });
});
