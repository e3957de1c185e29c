import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WaitingAsks } from '../app';
import type { PendingAsk } from '../../shared/api';
import type { AskTerminal } from './ask-prompt';
import { answerAsksAtTerminal, readlineTerminal } from './terminal-asks';

const form = (message: string, callId: string): Omit<PendingAsk, 'id' | 'requestedAt'> => ({
  kind: 'form',
  server: 'asking',
  message,
  callId,
  expiresAt: 0,
  requestedSchema: { type: 'object', properties: { reply: { type: 'string', title: 'Reply' } }, required: ['reply'] },
});

const output = (lines: string[]) => ({ out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A terminal whose questions wait until the test types, or until their signal aborts. */
function scriptedTerminal(): AskTerminal & { asked: string[]; type(line: string): void } {
  const asked: string[] = [];
  let answer: ((line: string | undefined) => void) | undefined;
  return {
    asked,
    err: () => undefined,
    question: (text, signal) => {
      asked.push(text);
      return new Promise((resolve) => {
        answer = resolve;
        signal?.addEventListener('abort', () => resolve(undefined), { once: true });
      });
    },
    type: (line) => answer?.(line),
  };
}

describe('answering requests at the terminal', () => {
  it('prompts only for the requests it owns; a request answered elsewhere stops its prompt, the next is asked', async () => {
    const asks = new WaitingAsks();
    const terminal = scriptedTerminal();
    const lines: string[] = [];
    const off = answerAsksAtTerminal(asks, (ask) => ask.callId === 'mine', output(lines), { interactive: true, terminal });
    const never = new AbortController().signal;
    const other = asks.ask(form('for another call', 'theirs'), never, () => false);
    const first = asks.ask(form('first', 'mine'), never, () => false);
    await tick();
    expect(terminal.asked).toEqual(['Reply: ']);
    const [theirs, mine] = asks.list();
    // Answered in the app first: the prompt gives up, nothing is answered twice.
    asks.answer(mine?.id ?? '', { action: 'accept', content: { reply: 'from the app' } });
    expect(await first).toEqual({ action: 'accept', content: { reply: 'from the app' } });
    await tick();
    expect(lines.join('\n')).toContain('ended before it was answered here');
    const second = asks.ask(form('second', 'mine'), never, () => false);
    await tick();
    expect(terminal.asked).toEqual(['Reply: ', 'Reply: ']);
    terminal.type('typed');
    expect(await second).toEqual({ action: 'accept', content: { reply: 'typed' } });
    // The other call's request was never asked here and still waits.
    expect(asks.get(theirs?.id ?? '')?.message).toBe('for another call');
    asks.closeAll();
    expect(await other).toBe('ended');
    off();
  });

  it('a question given up keeps its pending read, so the next question gets the next line typed', async () => {
    const input = new PassThrough();
    const prompts: string[] = [];
    const terminal = readlineTerminal(output([]), input, (text) => prompts.push(text));
    const gaveUp = new AbortController();
    const first = terminal.question('first: ', gaveUp.signal);
    gaveUp.abort();
    expect(await first).toBeUndefined();
    const second = terminal.question('second: ');
    input.write('the line\n');
    expect(await second).toBe('the line');
    expect(prompts).toEqual(['first: ', 'second: ']);
    terminal.close();
  });
});
