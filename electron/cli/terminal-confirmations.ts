import type { ApiOutput, AppApi, Confirmation } from '../../shared/api';
import { toCodedError } from '../../shared/errors';
import { revealHidden } from '../../shared/text';

export interface TerminalConfirmationsOptions {
  on: AppApi['on'];
  /** Decides as the person at this terminal (`terminal`). */
  decide: (id: string, decision: 'confirm' | 'refuse') => Promise<ApiOutput<'decideConfirmation'>>;
  /** A yes/no question; only y/yes is yes. */
  ask: (question: string) => Promise<boolean>;
  write: (line: string) => void;
}

function describe(c: Confirmation): string[] {
  const from = c.pid !== undefined ? `the command line (pid ${c.pid}, as it says)` : 'the command line';
  return [
    '',
    `Confirmation asked from ${from}:`,
    `  ${revealHidden(c.summary)}`,
    `  ${c.method} ${revealHidden(JSON.stringify(c.input, null, 2)).replace(/\n/g, '\n  ')}`,
  ];
}

/**
 * `serve --confirm-at-terminal`: on a machine without a display, the person at serve's terminal
 * confirms widenings asked from the command line, one at a time. Returns the unsubscribe.
 */
export function confirmAtTerminal(options: TerminalConfirmationsOptions): () => void {
  let queue: Promise<void> = Promise.resolve();
  const handle = async (c: Confirmation): Promise<void> => {
    for (const line of describe(c)) options.write(line);
    const yes = await options.ask(`Confirm ${c.id}?`);
    try {
      const { outcome, error } = await options.decide(c.id, yes ? 'confirm' : 'refuse');
      options.write(`${c.id}: ${outcome}${error ? ` (${error})` : ''}`);
    } catch (error) {
      // Decided in the UI meanwhile, or expired.
      options.write(`${c.id}: ${toCodedError(error).message}`);
    }
  };
  return options.on('confirmationPending', (c) => {
    queue = queue.then(() => handle(c));
  });
}
