import { describe, expect, it, vi } from 'vitest';
import { outsideCallScope } from './call-scope';
import { CALL_END_LISTENERS, RunningCalls, type Owner } from './running-calls';

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

  // Security review: alice's call ended, its server's late request arrived while only bob's call ran,
  // and bob could answer what belonged to alice's call.
  it('a request arriving after another asker\'s overlapping call ended: nobody, not the one left', () => {
    const calls = new RunningCalls();
    const endA = calls.begin(alice, 'tool "x"');
    const endB = calls.begin(bob, 'tool "y"');
    endA();
    expect(calls.owner().asker).toBeUndefined();
    endB();
    // A call of bob's that began after alice's ended ran beside no one else's: bob's.
    const endB2 = calls.begin(bob, 'tool "z"');
    expect(calls.owner().asker).toBe(bob);
    endB2();
  });

  it('several calls of one asker: that asker', () => {
    const calls = new RunningCalls();
    calls.begin(alice, 'tool "x"');
    calls.begin(alice, 'tool "y"');
    expect(calls.owner().asker).toBe(alice);
  });

  describe('in a call\'s scope (a request on that call\'s own HTTP stream)', () => {
    /** Runs two overlapping calls (alice's and bob's) and returns who alice's scope sees. */
    async function inAlicesCall<T>(calls: RunningCalls, look: () => T): Promise<T> {
      let release = (): void => undefined;
      const bobs = calls.run(bob, 'tool "y"', () => new Promise<void>((resolve) => (release = resolve)));
      try {
        return await calls.run(alice, 'tool "x"', () => Promise.resolve(look()));
      } finally {
        release();
        await bobs;
      }
    }

    it('is that call\'s, though calls of other askers overlap; it ends with that call alone', async () => {
      const calls = new RunningCalls();
      const owner = await inAlicesCall(calls, () => calls.owner());
      expect(owner.asker).toBe(alice);
      expect(owner.call).toBe('tool "x"');
      expect(owner.ended?.aborted).toBe(true);
      expect(calls.size).toBe(0);
    });

    it('outside the scope (a standalone stream, stdio): the rule for calls that cannot be told apart', async () => {
      const calls = new RunningCalls();
      const owner = await inAlicesCall(calls, () => outsideCallScope(() => calls.owner()));
      expect(owner.asker).toBeUndefined();
      expect(owner.call).toBe('one of 2 calls by different callers');
    });

    it("outside the scope, one caller's separate calls (each its own asker) are said to be that caller's", async () => {
      const calls = new RunningCalls();
      const again = { label: alice.label };
      let release = (): void => undefined;
      const first = calls.run(again, 'tool "y"', () => new Promise<void>((resolve) => (release = resolve)));
      try {
        const owner = await calls.run(alice, 'tool "x"', () => Promise.resolve(outsideCallScope(() => calls.owner())));
        expect(owner.asker).toBeUndefined();
        expect(owner.call).toBe(`one of 2 calls at once by ${alice.label}`);
      } finally {
        release();
        await first;
      }
    });

    it('a scope that is not one of these calls (another server\'s call) counts for nothing', async () => {
      const calls = new RunningCalls();
      const elsewhere = new RunningCalls();
      const owner = await inAlicesCall(calls, () => elsewhere.owner());
      expect(owner).toEqual({ asker: undefined, call: undefined, ended: undefined });
    });

    it('a scope whose call has ended (its stream outlived it) counts for nothing', async () => {
      const calls = new RunningCalls();
      let open = (): void => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let later: Promise<Owner> | undefined;
      // A continuation made in alice's call (so in its scope) that runs after it ended, while bob's runs.
      await calls.run(alice, 'tool "x"', () => {
        later = gate.then(() => calls.owner());
        return Promise.resolve();
      });
      const endBob = calls.begin(bob, 'tool "y"');
      open();
      expect((await later)?.asker).toBe(bob);
      endBob();
    });

    it('calls run unscoped where no request can name its call (stdio): the rule for calls that cannot be told apart', async () => {
      const calls = new RunningCalls(() => false);
      const owner = await inAlicesCall(calls, () => calls.owner());
      expect(owner.asker).toBeUndefined();
    });

    it('run ends the call when its body fails too', async () => {
      const calls = new RunningCalls();
      let ended: AbortSignal | undefined;
      const failing = calls.run(alice, 'tool "x"', () => {
        ended = calls.owner().ended;
        return Promise.reject(new Error('boom'));
      });
      await expect(failing).rejects.toThrow('boom');
      expect(ended?.aborted).toBe(true);
      expect(calls.size).toBe(0);
    });
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

  it('begins and ends a call beside 16 others without a copy of the running calls (no array of them per call)', () => {
    const calls = new RunningCalls();
    const ends = Array.from({ length: 16 }, (_, i) => calls.begin({ label: `agent ${i}` }, `tool "${i}"`));
    const values = vi.spyOn(Object, 'values');
    try {
      const end = calls.begin(alice, 'tool "x"');
      end();
      end();
      expect(values).not.toHaveBeenCalled();
    } finally {
      values.mockRestore();
    }
    expect(calls.size).toBe(16);
    for (const end of ends) end();
    expect(calls.size).toBe(0);
    expect(calls.owner()).toEqual({ asker: undefined, call: undefined, ended: undefined });
  });
});

describe("a call's end signal", () => {
  it('takes as many waiting requests as may wait without Node warning of a leak', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const calls = new RunningCalls();
      const owner = await calls.run({ label: 'agent "a"' }, 'tool "x"', () => Promise.resolve(calls.owner()));
      for (let i = 0; i < 16; i++) owner.ended?.addEventListener('abort', () => undefined, { once: true });
      expect(warn).not.toHaveBeenCalled();
      // Past the bound Node warns again: the bound is real, not switched off.
      for (let i = 16; i <= CALL_END_LISTENERS; i++) owner.ended?.addEventListener('abort', () => undefined, { once: true });
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('RunningCalls: holding the deadlines of the calls a request may belong to', () => {
  /** A deadline that counts its holds. */
  const counted = (): { holds: number; hold(): void; release(): void } => ({
    holds: 0,
    hold() {
      this.holds += 1;
    },
    release() {
      this.holds -= 1;
    },
  });

  it("in a call's scope, only that call's; outside any, none when the calls are different askers' (it cannot be told whose)", async () => {
    const calls = new RunningCalls();
    const mine = counted();
    const other = counted();
    let finish = (): void => undefined;
    const others = calls.run(bob, 'tool "y"', (point) => {
      point.deadline = other;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await calls.run(alice, 'tool "x"', (point) => {
      point.deadline = mine;
      const release = calls.holdDeadlines();
      expect([mine.holds, other.holds]).toEqual([1, 0]);
      release();
      expect([mine.holds, other.holds]).toEqual([0, 0]);
      // A hostile-agent review: a request no call could be shown to own held another agent's call still.
      const outside = outsideCallScope(() => calls.holdDeadlines());
      expect([mine.holds, other.holds]).toEqual([0, 0]);
      outside();
      expect([mine.holds, other.holds]).toEqual([0, 0]);
      return Promise.resolve();
    });
    finish();
    await others;
  });

  it("outside any scope, every call when they are all one asker's (the request is that asker's)", async () => {
    const calls = new RunningCalls();
    const a = counted();
    const b = counted();
    let finish = (): void => undefined;
    const first = calls.run(alice, 'tool "x"', (point) => {
      point.deadline = a;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await calls.run(alice, 'tool "y"', (point) => {
      point.deadline = b;
      const release = outsideCallScope(() => calls.holdDeadlines());
      expect([a.holds, b.holds]).toEqual([1, 1]);
      release();
      expect([a.holds, b.holds]).toEqual([0, 0]);
      return Promise.resolve();
    });
    finish();
    await first;
  });

  it('holds nothing when no call runs, or when the running call has not sent its request yet', async () => {
    const calls = new RunningCalls();
    expect(() => calls.holdDeadlines()()).not.toThrow();
    await calls.run(alice, 'tool "x"', (point) => {
      expect(point.deadline).toBeUndefined();
      calls.holdDeadlines()();
      return Promise.resolve();
    });
  });
});
