import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quitOnSignals } from './quit-signals';

/** A stand-in for the process's signals and Electron's app: what each signal led to, in order. */
function desktop() {
  const signals = new EventEmitter();
  const done: string[] = [];
  const app = { quit: () => done.push('quit'), exit: (code: number) => done.push(`exit ${code}`) };
  const quitting = quitOnSignals({ app, beforeExit: () => done.push('counts written'), signals: signals as unknown as Pick<NodeJS.Process, 'once' | 'off'> });
  return { signals, done, quitting };
}

describe('quitOnSignals (the desktop app)', () => {
  it('quits on SIGTERM; a second SIGTERM while it stops writes the counts, then exits 143', () => {
    const { signals, done, quitting } = desktop();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(done).toEqual(['quit']);
    // before-quit: the stop starts.
    quitting.stopping();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(done).toEqual(['quit', 'counts written', 'exit 143']);
  });

  it('exits 130 on a SIGINT during a stop the menu started, the counts written first', () => {
    const { signals, done, quitting } = desktop();
    quitting.stopping();
    signals.emit('SIGINT', 'SIGINT');
    // Its quit comes to a stop already running (before-quit runs it once): the exit is what counts.
    expect(done).toEqual(['quit', 'counts written', 'exit 130']);
  });

  it('exits even when writing the counts fails', () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    const quitting = quitOnSignals({
      app: { quit: () => undefined, exit: (code) => exits.push(code) },
      beforeExit: () => {
        throw new Error('disk full');
      },
      signals: signals as unknown as Pick<NodeJS.Process, 'once' | 'off'>,
    });
    quitting.stopping();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(exits).toEqual([143]);
  });

  it('does nothing more on a signal once the stop has finished (its listeners removed)', () => {
    const { signals, done, quitting } = desktop();
    signals.emit('SIGINT', 'SIGINT');
    const offSecond = quitting.stopping();
    offSecond();
    expect(signals.listenerCount('SIGINT')).toBe(0);
    signals.emit('SIGINT', 'SIGINT');
    expect(done).toEqual(['quit']);
  });
});
