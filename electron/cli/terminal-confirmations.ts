import { API_METHODS, type ApiOutput, type AppApi, type Confirmation } from '../../shared/api';
import { toCodedError } from '../../shared/errors';
import { revealHidden } from '../../shared/text';

export interface TerminalConfirmationsOptions {
  on: AppApi['on'];
  /** Decides as the person at this terminal (`terminal`). */
  decide: (id: string, decision: 'confirm' | 'refuse') => Promise<ApiOutput<'decideConfirmation'>>;
  /** A yes/no question; only y/yes is yes. */
  ask: (question: string) => Promise<boolean>;
  write: (line: string) => void;
  /**
   * A tool call is about to run because the person here confirmed it: its requests (by its callId)
   * are this terminal's while it runs. Returns what to do once it ended.
   */
  callConfirmed?: (callId: string) => () => void;
}

/** A confirmed call's callId, from the input the card showed. */
function callIdOf(c: Confirmation): string | undefined {
  if (c.method !== 'callTool' || c.input === null || typeof c.input !== 'object') return undefined;
  const { callId } = c.input as { callId?: unknown };
  return typeof callId === 'string' ? callId : undefined;
}

const MAX_RESULT_CHARS = 4000;

/** A confirmed call's text result, for the person who confirmed it here (hidden characters shown). */
function resultLines(result: unknown): string[] {
  const parsed = API_METHODS.callTool.output.safeParse(result);
  if (!parsed.success) return [];
  const text = parsed.data.content.map((item) => (item.type === 'text' && typeof item['text'] === 'string' ? item['text'] : `[${item.type}]`)).join('\n');
  const cut = text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}… (cut)` : text;
  // Its lines stay lines, indented; every other hidden character (a lone CR, ESC) is shown as an escape.
  return cut === '' ? [] : [`  ${parsed.data.isError ? 'error: ' : ''}${revealHidden(cut.replace(/\r\n/g, '\n'), ['\n', '\t']).replace(/\n/g, '\n  ')}`];
}

/**
 * A token the confirmed change issued (a new agent's, a rotated one, or one a client such as VS Code
 * asks for): shown to the person who confirmed, once, as the app's Activity shows it.
 */
function tokenLines(c: Confirmation, result: unknown): string[] {
  const token = result !== null && typeof result === 'object' ? (result as { token?: unknown }).token : undefined;
  if (typeof token !== 'string') return [];
  const what = c.method === 'connectClient' ? 'The token to paste when the client asks for it' : "The agent's token";
  return [`  ${what}, shown only now: ${revealHidden(token)}`];
}

function describe(c: Confirmation): string[] {
  const from = c.pid !== undefined ? `the command line (pid ${c.pid}, as it says)` : 'the command line';
  return [
    '',
    `Confirmation asked from ${from}:`,
    `  ${revealHidden(c.summary)}`,
    // The layout's line breaks stay lines (one inside a value is JSON's \n); every other hidden character is an escape.
    `  ${c.method} ${revealHidden(JSON.stringify(c.input, null, 2), ['\n']).replace(/\n/g, '\n  ')}`,
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
    const callId = yes ? callIdOf(c) : undefined;
    const ended = callId !== undefined ? options.callConfirmed?.(callId) : undefined;
    try {
      const { outcome, error, result } = await options.decide(c.id, yes ? 'confirm' : 'refuse');
      options.write(`${c.id}: ${outcome}${error ? ` (${error})` : ''}`);
      if (outcome === 'confirmed' && c.method === 'callTool') for (const line of resultLines(result)) options.write(line);
      else if (outcome === 'confirmed') for (const line of tokenLines(c, result)) options.write(line);
    } catch (error) {
      // Decided in the UI meanwhile, or expired.
      options.write(`${c.id}: ${toCodedError(error).message}`);
    } finally {
      ended?.();
    }
  };
  return options.on('confirmationPending', (c) => {
    queue = queue.then(() => handle(c));
  });
}
