import { describe, expect, it } from 'vitest';
import { RunningCalls } from './running-calls';

const alice = { label: 'agent "alice"' };
const bob = { label: 'agent "bob"' };

describe('RunningCalls: who a server request belongs to', () => {
  it('outside any call: nobody, and nothing ends it', () => {
    expect(new RunningCalls().owner()).toEqual({ asker: undefined, call: undefined, ended: undefined });
  });

  it('one call: its asker; the request ends with the call', () => {
    const calls = new RunningCalls();
    const end = calls.begin(alice, 'tool "x"');
    const owner = calls.owner();
    expect(owner.asker).toBe(alice);
    expect(owner.call).toBe('tool "x"');
    expect(owner.ended?.aborted).toBe(false);
    end();
    expect(owner.ended?.aborted).toBe(true);
    expect(calls.size).toBe(0);
  });

  it('calls of different askers at once: nobody (never a possibly wrong agent), ended only when all end', () => {
    const calls = new RunningCalls();
    const endA = calls.begin(alice, 'tool "x"');
    const endB = calls.begin(bob, 'tool "y"');
    const owner = calls.owner();
    expect(owner.asker).toBeUndefined();
    endA();
    expect(owner.ended?.aborted).toBe(false);
    endB();
    expect(owner.ended?.aborted).toBe(true);
  });

  it('several calls of one asker: that asker', () => {
    const calls = new RunningCalls();
    calls.begin(alice, 'tool "x"');
    calls.begin(alice, 'tool "y"');
    expect(calls.owner().asker).toBe(alice);
  });

  it('requests arriving at different moments of one call share its end; a call no request asked about ends quietly', () => {
    const calls = new RunningCalls();
    const quiet = calls.begin(alice, 'tool "w"');
    quiet();
    const end = calls.begin(alice, 'tool "x"');
    const first = calls.owner().ended;
    const second = calls.owner().ended;
    expect(second).toBe(first);
    expect(first?.aborted).toBe(false);
    end();
    expect(first?.aborted).toBe(true);
    expect(first?.reason).toEqual(new Error('tool "x" ended'));
  });
});
