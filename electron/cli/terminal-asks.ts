import { createInterface } from 'node:readline';
import { createInterface as createPromptInterface } from 'node:readline/promises';
import type { WaitingAsks } from '../app';
import type { PendingAsk } from '../../shared/api';
import { redact } from '../../shared/redact';
import { terminalSafe } from '../../shared/text';
import { promptAsk, type AskAnswer, type AskTerminal } from './ask-prompt';
import type { Output } from './output';
import { errorMessage } from '../../shared/errors';

/**
 * Questions on the terminal (prompts on stderr, so stdout keeps only the result), one reader for the
 * whole call so lines typed ahead are kept; a line is undefined once the input ends. A question given
 * up (its request answered elsewhere) leaves its pending read for the next one, so no line is lost.
 */
export function readlineTerminal(
  output: Output,
  input: NodeJS.ReadableStream = process.stdin,
  prompt: (text: string) => void = (text) => process.stderr.write(terminalSafe(text)),
): AskTerminal & { close(): void } {
  let lines: AsyncIterator<string> | undefined;
  let rl: ReturnType<typeof createInterface> | undefined;
  let pending: Promise<IteratorResult<string>> | undefined;
  return {
    err: (line) => output.err(line),
    question: async (text, signal) => {
      prompt(text);
      rl ??= createInterface({ input, terminal: false });
      lines ??= rl[Symbol.asyncIterator]();
      const read = (pending ??= lines.next());
      const next = await Promise.race([read, aborted(signal)]);
      if (next === undefined) return undefined;
      pending = undefined;
      return next.done === true ? undefined : next.value;
    },
    close: () => rl?.close(),
  };
}

/** Resolves (undefined) when the signal aborts; never without one. */
function aborted(signal: AbortSignal | undefined): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve(undefined);
    signal?.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}

/**
 * One question at a time on a terminal other readers share (serve's, where confirmations are asked
 * too): stdin is read only while a question is open, and an aborted question reads nothing more.
 */
export function questionAtATime(output: Output): AskTerminal {
  return {
    err: (line) => output.err(line),
    question: async (text, signal) => {
      const rl = createPromptInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(terminalSafe(text), signal ? { signal } : {});
      } catch {
        // Aborted, or the input ended.
        return undefined;
      } finally {
        rl.close();
      }
    },
  };
}

export interface TerminalAsksOptions {
  /** Whether there is a person at a terminal to ask (stdin and stderr are TTYs). */
  interactive: boolean;
  terminal?: AskTerminal;
}

/**
 * The requests that are this terminal's (those of `call`'s callId, or those `own` picks), answered at
 * the terminal one at a time; without a terminal each is declined, said on stderr. A request that ends
 * meanwhile (answered in the app, timed out, its call over) stops its prompt. Returns the unsubscribe.
 */
export function answerAsksAtTerminal(
  asks: WaitingAsks,
  own: string | ((ask: PendingAsk) => boolean),
  output: Output,
  options: TerminalAsksOptions,
): () => void {
  const isOwn = typeof own === 'string' ? (ask: PendingAsk) => ask.callId === own : own;
  let chain: Promise<void> = Promise.resolve();
  const shared = options.interactive && !options.terminal ? readlineTerminal(output) : undefined;
  const ended = new Map<string, AbortController>();
  const offSettled = asks.on('settled', ({ id }) => ended.get(id)?.abort());
  const offPending = asks.on('pending', (ask) => {
    if (!isOwn(ask)) return;
    const done = new AbortController();
    ended.set(ask.id, done);
    chain = chain.then(async () => {
      let answer: AskAnswer = { action: 'decline' };
      const terminal = options.terminal ?? shared;
      if (options.interactive && terminal && !done.signal.aborted) {
        answer = await promptAsk(ask, {
          err: (line) => terminal.err(line),
          question: (text) => (done.signal.aborted ? Promise.resolve(undefined) : terminal.question(text, done.signal)),
        });
      } else if (!options.interactive) {
        output.err(`${ask.server} asked for input during the call; there is no terminal to ask on, so it was declined`);
      }
      ended.delete(ask.id);
      if (done.signal.aborted) {
        output.err(`(${ask.server}'s request ended before it was answered here: answered in the app, timed out, or its call ended)`);
        return;
      }
      try {
        asks.answer(ask.id, answer);
      } catch (error) {
        output.err(redact(errorMessage(error)));
      }
    });
  });
  return () => {
    offPending();
    offSettled();
    shared?.close();
  };
}
