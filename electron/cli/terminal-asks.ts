import { createInterface } from 'node:readline';
import type { WaitingAsks } from '../app';
import { redact } from '../../shared/redact';
import { promptAsk, type AskAnswer, type AskTerminal } from './ask-prompt';
import type { Output } from './output';

/**
 * Questions on the terminal (prompts on stderr, so stdout keeps only the result), one reader for the
 * whole call so lines typed ahead are kept; a line is undefined once the input ends.
 */
function readlineTerminal(output: Output): AskTerminal & { close(): void } {
  let lines: AsyncIterator<string> | undefined;
  let rl: ReturnType<typeof createInterface> | undefined;
  return {
    err: (line) => output.err(line),
    question: async (text) => {
      process.stderr.write(text);
      rl ??= createInterface({ input: process.stdin, terminal: false });
      lines ??= rl[Symbol.asyncIterator]();
      const next = await lines.next();
      return next.done === true ? undefined : next.value;
    },
    close: () => rl?.close(),
  };
}

export interface TerminalAsksOptions {
  /** Whether there is a person at a terminal to ask (stdin and stderr are TTYs). */
  interactive: boolean;
  terminal?: AskTerminal;
}

/**
 * `call`'s own requests (callId), answered at the terminal one at a time; without a terminal each is
 * declined, said on stderr. Returns the unsubscribe.
 */
export function answerAsksAtTerminal(asks: WaitingAsks, callId: string, output: Output, options: TerminalAsksOptions): () => void {
  let chain: Promise<void> = Promise.resolve();
  const own = options.interactive && !options.terminal ? readlineTerminal(output) : undefined;
  const off = asks.on('pending', (ask) => {
    if (ask.callId !== callId) return;
    chain = chain.then(async () => {
      let answer: AskAnswer = { action: 'decline' };
      const terminal = options.terminal ?? own;
      if (options.interactive && terminal) answer = await promptAsk(ask, terminal);
      else output.err(`${ask.server} asked for input during the call; there is no terminal to ask on, so it was declined`);
      try {
        asks.answer(ask.id, answer);
      } catch (error) {
        output.err(redact(error instanceof Error ? error.message : String(error)));
      }
    });
  });
  return () => {
    off();
    own?.close();
  };
}
