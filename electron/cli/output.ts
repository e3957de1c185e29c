import { errorReason, hintSentence, type CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { columnWidth, oneLineSafe, padColumns, terminalSafe } from '../../shared/text';
import { serverOutputTail } from './server-output';

export interface Output {
  out(line: string): void;
  err(line: string): void;
  /**
   * A line the person consents to (a waiting call's arguments): printed as the app sent it, past the
   * log's redaction patterns, which could hide what the call will send. The app has already hidden
   * the values it holds, naming each. Absent: `out`.
   */
  verbatim?(line: string): void;
  /** `verbatim` on stderr: a line whose parts were redacted already, but for a value known to be no secret. Absent: `err`. */
  errVerbatim?(line: string): void;
}

/** Servers choose much of what is printed (results, descriptions, errors): none of it may drive the terminal. */
export const consoleOutput: Output = {
  out: (line) => {
    process.stdout.write(`${terminalSafe(line)}\n`);
  },
  err: (line) => {
    process.stderr.write(`${terminalSafe(line)}\n`);
  },
};

/** Every line a person sees goes through the redactor. */
export function redactedOutput(inner: Output): Output {
  return { out: (line) => inner.out(redact(line)), err: (line) => inner.err(redact(line)), verbatim: (line) => inner.out(line), errVerbatim: (line) => inner.err(line) };
}

export function printJson(output: Output, value: unknown): void {
  output.out(JSON.stringify(value, null, 2));
}

/**
 * A hint as the command line prints it: the one wording of shared/errors (`--json` and agents get the
 * same); test/integration/cli-hint-form.test.ts keeps it.
 */
export const hintText = hintSentence;

export function printError(output: Output, error: CodedError, json: boolean): void {
  if (json) {
    output.err(JSON.stringify({ error: error.toWire() }));
    return;
  }
  // A `denied` that asks the person to act is labelled by what it waits for, not as a refusal.
  output.err(`error [${errorReason(error) ?? error.code}]: ${error.message}`);
  if (error.hint) output.err(`  hint: ${hintText(error.hint)}`);
  const tail = serverOutputTail(error.data);
  if (tail.length > 0) {
    output.err('  its output ended with:');
    for (const line of tail) output.err(`    ${line}`);
  }
}

/**
 * Left-aligned columns; the last column is never padded. Cells are measured as printed: a hidden
 * character is shown escaped (`\u001b`, six columns), so padding by the raw text shifted what followed;
 * a wide character (CJK, emoji) takes two columns (columnWidth).
 */
export function table(rows: string[][]): string[] {
  // A cell is one line: a line break in a server's text (a tool's name) would start a row of its own.
  const shown = rows.map((row) => row.map((cell) => oneLineSafe(cell)));
  const widths: number[] = [];
  for (const row of shown) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, columnWidth(cell))));
  return shown.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : padColumns(cell, widths[i] ?? 0))).join('  ').trimEnd());
}
