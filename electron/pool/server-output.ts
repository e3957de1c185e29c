import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { revealHidden } from '../../shared/text';
import { FloodBudget, type DropReport, type FloodLimits } from './flood-budget';
import { LineSplitter } from './line-splitter';
import { STRAY_EXCERPT } from './stray-stdout';

/** How much of the end of stderr error messages keep (already redacted, whole lines). */
export const STDERR_TAIL_BYTES = 4096;
/** A stderr line is held until its end up to this length; a longer one is dropped whole. */
export const MAX_STDERR_LINE = 16 * 1024;
const NEWLINE = 0x0a;
/** A stray stdout line is shown (redacted) only up to this length; a longer one is only counted. */
const MAX_SHOWN_STDOUT_LINE = 4096;
/** Characters of a stray stdout line shown in the log. */
const STDOUT_EXCERPT = 300;
/** Stray stdout lines (and answers to no request) shown a second, within the budget; the rest are counted. */
export const SHOWN_STRAY_LINES = 5;

export interface ServerOutputOptions {
  server: string;
  log: ((line: string) => void) | undefined;
  limits: FloodLimits;
  now: () => number;
  /** Once, when a stream was over its budget for `floodSeconds` in a row: the server must stop. */
  onFlood: (error: CodedError) => void;
}

/** One line of the server, safe to print: redacted whole, then control characters (`\r`, ESC…) shown as escapes. */
function showLine(buffer: Buffer, start: number, end: number): string {
  const text = buffer.toString('utf8', start, end);
  return revealHidden(redact(text.endsWith('\r') ? text.slice(0, -1) : text), ['\t']);
}

/**
 * What a stdio server writes besides its protocol messages: stderr, split into lines before it is
 * redacted (a secret split across two writes is still whole), each line prefixed, so a server cannot
 * forge a log line; stray stdout lines. Both within a budget per second: beyond it output is dropped
 * at a small constant cost per chunk or line, counted, and reported once a second.
 */
export class ServerOutput {
  readonly #options: ServerOutputOptions;
  readonly #stderrLines = new LineSplitter(MAX_STDERR_LINE);
  readonly #stderrBudget: FloodBudget;
  readonly #stdoutBudget: FloodBudget;
  /** Which of the stray lines within the budget are shown: a count, not a flood limit (it never floods). */
  readonly #shown: FloodBudget;
  readonly #prefix: string;
  #tail: string[] = [];
  #tailChars = 0;
  #flooded = false;
  #firstStray: string | undefined;

  constructor(options: ServerOutputOptions) {
    this.#options = options;
    const { server, limits, now } = options;
    this.#prefix = `[${server}] stderr: `;
    this.#stderrBudget = new FloodBudget(limits.stderrBytesPerSecond, limits.floodSeconds, now, (d) =>
      this.#log(`[${server}] dropped ${d.bytes} bytes of stderr over its budget of ${limits.stderrBytesPerSecond} bytes/s`),
    );
    this.#stdoutBudget = new FloodBudget(limits.stdoutLinesPerSecond, limits.floodSeconds, now, (d: DropReport) =>
      this.#log(`[${server}] dropped ${d.units} stdout lines that are not JSON-RPC (${d.bytes} bytes) over its budget of ${limits.stdoutLinesPerSecond} lines/s`),
    );
    this.#shown = new FloodBudget(SHOWN_STRAY_LINES, Number.POSITIVE_INFINITY, now, (d: DropReport) =>
      this.#log(`[${server}] ${d.units} more stdout lines that are not JSON-RPC or answer no request were not shown (the first ${SHOWN_STRAY_LINES} a second are)`),
    );
  }

  /** The last whole stderr lines, redacted. */
  tail(): string {
    const text = this.#tail.join('\n');
    return text.length > STDERR_TAIL_BYTES ? text.slice(-STDERR_TAIL_BYTES) : text;
  }

  /** The first stdout line that was not JSON-RPC, redacted and shortened (a start error quotes it). */
  firstStray(): string | undefined {
    return this.#firstStray;
  }

  stderr(chunk: Buffer): void {
    if (this.#flooded) return;
    const budget = this.#stderrBudget;
    if (budget.exhausted()) {
      // Nothing of this chunk is looked at; the line it ends in is dropped up to its end, so no
      // later line starts with the second half of something (a secret) whose first half was dropped.
      budget.drop(0, chunk.length + this.#stderrLines.skipLine(chunk[chunk.length - 1] === NEWLINE));
      this.#checkFlood(budget, 'stderr');
      return;
    }
    let dropping = false;
    this.#stderrLines.push(
      chunk,
      (buffer, start, end) => {
        if (dropping) {
          budget.drop(1, end - start + 1);
          return;
        }
        if (end === start || (end === start + 1 && buffer[start] === 0x0d)) return;
        const line = this.#prefix + showLine(buffer, start, end);
        if (budget.take(line.length)) {
          this.#keep(line);
          this.#options.log?.(line);
        } else {
          dropping = true;
          budget.drop(1, end - start + 1);
        }
      },
      (bytes) => {
        budget.drop(1, bytes);
        const notice = `[${this.#options.server}] dropped a stderr line longer than ${MAX_STDERR_LINE} bytes`;
        // The notice is charged, so a stream of long lines is a flood too.
        if (!dropping && budget.take(notice.length)) this.#log(notice);
        else dropping = true;
      },
    );
    // A partial line left after dropping would be the first half of a line whose rest comes next.
    if (dropping && this.#stderrLines.pending > 0) budget.drop(0, this.#stderrLines.skipLine());
    this.#checkFlood(budget, 'stderr');
  }

  /** A stdout line that is not JSON-RPC. */
  stdoutLine(buffer: Buffer, start: number, end: number): void {
    if (this.#flooded) return;
    // Only the excerpt is read of a long line: whole words are redacted, a cut word is still cut.
    this.#firstStray ??= showLine(buffer, start, Math.min(end, start + MAX_SHOWN_STDOUT_LINE)).slice(0, STRAY_EXCERPT);
    const budget = this.#stdoutBudget;
    if (!budget.take(1)) {
      budget.drop(1, end - start + 1);
      this.#checkFlood(budget, 'stdout');
      return;
    }
    if (!this.#shown.take(1)) {
      this.#shown.drop(1, end - start + 1);
      return;
    }
    const server = this.#options.server;
    if (end - start > MAX_SHOWN_STDOUT_LINE) {
      this.#log(`[${server}] ignored a stdout line of ${end - start} bytes that is not JSON-RPC`);
    } else {
      this.#log(`[${server}] ignored a stdout line that is not JSON-RPC: ${showLine(buffer, start, end).slice(0, STDOUT_EXCERPT)}`);
    }
  }

  /** A diagnostic caused by the server's stdout (an answer to an unknown request): budgeted like a stray line. */
  noise(line: string): void {
    if (this.#flooded) return;
    const budget = this.#stdoutBudget;
    if (budget.take(1)) {
      if (this.#shown.take(1)) this.#log(line);
      else this.#shown.drop(1, line.length);
    } else {
      budget.drop(1, line.length);
      this.#checkFlood(budget, 'stdout');
    }
  }

  /** The stream ended: the last partial stderr line, and what was dropped and not yet reported. */
  flush(): void {
    const rest = this.#flooded ? undefined : this.#stderrLines.rest();
    if (rest && this.#stderrBudget.take(rest.length)) {
      const line = this.#prefix + showLine(rest, 0, rest.length);
      this.#keep(line);
      this.#options.log?.(line);
    }
    this.#stderrLines.clear();
    this.#stderrBudget.flush();
    this.#stdoutBudget.flush();
    this.#shown.flush();
  }

  #keep(line: string): void {
    const text = line.slice(this.#prefix.length);
    this.#tail.push(text);
    this.#tailChars += text.length + 1;
    while (this.#tail.length > 1 && this.#tailChars - (this.#tail[0]?.length ?? 0) - 1 >= STDERR_TAIL_BYTES) {
      this.#tailChars -= (this.#tail.shift()?.length ?? 0) + 1;
    }
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }

  #checkFlood(budget: FloodBudget, stream: 'stdout' | 'stderr'): void {
    if (this.#flooded || !budget.flooding) return;
    this.#flooded = true;
    this.#stderrLines.clear();
    const { server, limits } = this.#options;
    const seconds = `for ${limits.floodSeconds} s in a row`;
    const error =
      stream === 'stderr'
        ? new CodedError('server_unavailable', `"${server}" flooded its stderr (over ${limits.stderrBytesPerSecond} bytes/s ${seconds}); it was stopped`, {
            hint: `lower the log level of "${server}" (its arguments or environment in mcp.json), then start it again with \`connected-services connect ${server}\``,
            data: { flood: 'stderr' },
          })
        : new CodedError(
            'server_unavailable',
            `"${server}" flooded its stdout with lines that are not JSON-RPC (over ${limits.stdoutLinesPerSecond} lines/s ${seconds}); it was stopped`,
            {
              hint: `a stdio MCP server must write only JSON-RPC to stdout and its logs to stderr; fix the command of "${server}", then start it again with \`connected-services connect ${server}\``,
              data: { flood: 'stdout' },
            },
          );
    this.#options.onFlood(error);
  }
}
