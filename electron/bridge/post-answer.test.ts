import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PostAnswer, type StreamTimers } from './post-answer';
import { SSE_HEADERS_MAX_DELAY_MS } from './sse-headers';
import { isStoppedWaiting } from './stopped-waiting';

/** What a ServerResponse is asked to do, in order (headers are flushed only on request). */
class FakeResponse extends EventEmitter {
  readonly log: string[] = [];
  headersSent = false;
  writable = true;
  writableEnded = false;
  /** Header fields as writeHead takes them in a flat list (name, value, …): the bridge sets none with setHeader. */
  writeHead(status: number, fields: Array<string | number>): this {
    const value = (name: string): string => String(fields[fields.indexOf(name) + 1]);
    this.log.push(`head ${status} ${value('Content-Type')}`);
    if (value('Cache-Control') !== 'no-store' || value('X-Content-Type-Options') !== 'nosniff') this.log.push('no security headers');
    return this;
  }
  flushHeaders(): void {
    this.headersSent = true;
    this.log.push('flush');
  }
  write(text: string): boolean {
    this.headersSent = true;
    this.log.push(`write ${text.trim()}`);
    return true;
  }
  end(text?: string): this {
    this.writableEnded = true;
    this.log.push(text === undefined ? 'end' : `end ${text}`);
    return this;
  }
}

/** Timers run by hand: nothing here depends on the clock. `fire` first moves the clock past the answers' wait. */
function manualTimers(): { timers: StreamTimers; fire: () => void; pending: () => number; armed: () => number } {
  const queued: Array<{ run: () => void; live: boolean }> = [];
  let clock = 0;
  let armed = 0;
  const add = (run: () => void): (() => void) => {
    const timer = { run, live: true };
    queued.push(timer);
    armed++;
    return () => {
      timer.live = false;
    };
  };
  return {
    timers: { after: add, every: add, setTimer: (run) => void add(run), now: () => clock },
    fire: () => {
      clock += SSE_HEADERS_MAX_DELAY_MS;
      for (const timer of queued.splice(0)) if (timer.live) timer.run();
    },
    pending: () => queued.filter((t) => t.live).length,
    armed: () => armed,
  };
}

const result = (id: number) => ({ jsonrpc: '2.0' as const, id, result: {} });

function answer(ids: number[], timers: StreamTimers) {
  const res = new FakeResponse();
  let closed = 0;
  const a = new PostAnswer(res as unknown as ServerResponse, ids, 'sid', timers, () => closed++);
  return { res, a, closed: () => closed };
}

describe('PostAnswer', () => {
  it('answers a quick batch in one JSON write; its time to wait running out later changes nothing', () => {
    const t = manualTimers();
    const { res, a } = answer([1, 2], t.timers);
    a.respond(2, result(2));
    expect(res.log).toEqual([]);
    a.respond(1, result(1));
    const answered = [`head 200 application/json`, `end ${JSON.stringify([result(1), result(2)])}`];
    expect(res.log).toEqual(answered);
    t.fire();
    expect(res.log).toEqual(answered);
    expect(t.pending()).toBe(0);
  });

  it("arms one timer for a session's answers, not one per POST: 100 quick answers, then one late one", () => {
    const t = manualTimers();
    for (let id = 1; id <= 100; id++) {
      const { res, a } = answer([id], t.timers);
      a.respond(id, result(id));
      expect(res.log).toEqual([`head 200 application/json`, `end ${JSON.stringify(result(id))}`]);
    }
    expect(t.armed()).toBe(1);
    const { res } = answer([101], t.timers);
    t.fire();
    expect(res.log).toEqual(['head 200 text/event-stream', 'flush']);
    expect(t.armed()).toBe(2);
  });

  it('answers a batch that repeats an id once per id, as before (no slot left waiting)', () => {
    const t = manualTimers();
    const { res, a } = answer([1, 1, 2], t.timers);
    a.respond(1, result(1));
    a.respond(1, result(1));
    a.respond(2, result(2));
    expect(res.log).toEqual([`head 200 application/json`, `end ${JSON.stringify([result(1), result(2)])}`]);
  });

  it('turns to SSE with its headers when the late timer fires, then streams the result and ends', () => {
    const t = manualTimers();
    const { res, a } = answer([1], t.timers);
    t.fire();
    expect(res.log).toEqual(['head 200 text/event-stream', 'flush']);
    a.respond(1, result(1));
    expect(res.log.slice(2)).toEqual([`write event: message\ndata: ${JSON.stringify(result(1))}`, 'end']);
    expect(a.done).toBe(true);
  });

  it('sends a related message as the first SSE event; headers wait for it (no flush of their own)', () => {
    const t = manualTimers();
    const { res, a } = answer([1], t.timers);
    expect(a.related({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })).toBe(true);
    expect(res.log[0]).toBe('head 200 text/event-stream');
    expect(res.log[1]).toMatch(/^write event: message\ndata: .*notifications\/progress/);
    expect(res.log).not.toContain('flush');
  });

  it('keeps an SSE answer alive with comments, and stops when the client goes away', () => {
    const t = manualTimers();
    const { res, a, closed } = answer([1], t.timers);
    a.stream();
    t.fire();
    expect(res.log).toContain('write : keepalive');
    res.emit('close');
    expect(closed()).toBe(1);
    expect(a.done).toBe(true);
    expect(a.related({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } })).toBe(false);
    expect(t.pending()).toBe(0);
  });

  it('when the session closes: a pending answer is a 404, an SSE one just ends', () => {
    const pending = answer([1], manualTimers().timers);
    pending.a.abandon();
    expect(pending.res.log[0]).toBe('head 404 application/json');
    expect(pending.res.log[1]).toContain('Session not found');
    const streaming = answer([1], manualTimers().timers);
    streaming.a.stream();
    streaming.a.abandon();
    expect(streaming.res.log.at(-1)).toBe('end');
  });

  it('says it is gone when the connection closes before the answer, whether asked before or after; not once answered', () => {
    const early = answer([1], manualTimers().timers);
    const gone = early.a.gone;
    expect(gone.aborted).toBe(false);
    early.res.emit('close');
    expect(gone.aborted).toBe(true);
    expect(isStoppedWaiting(gone.reason)).toBe(true);
    const askedLate = answer([1], manualTimers().timers);
    askedLate.a.stream();
    askedLate.res.emit('close');
    expect(askedLate.a.gone.aborted).toBe(true);
    const answered = answer([1], manualTimers().timers);
    const after = answered.a.gone;
    answered.a.respond(1, result(1));
    answered.res.emit('close');
    expect(after.aborted).toBe(false);
  });
});
