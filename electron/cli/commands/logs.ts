import type { Command } from 'commander';
import type { LogLine, LogTail } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { explainServerError } from '../config-errors';
import { serverNotConfigured } from '../../registry';
import type { Output } from '../output';
import type { Run } from '../runner';
import { findLiveApp } from '../start-up';
import { interrupted } from '../interrupted';
import { wholeNumber } from '../whole-number';

/** How often `--follow` asks the running app for new lines (the command line has no event stream). */
const FOLLOW_EVERY_MS = 500;
/** Lines asked for per poll: the App API's most. */
const PAGE = 5000;

function clock(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** `12:01:02 stderr  text`: the kind (or a message's level) in a column of its own. */
export function formatLogLine(line: LogLine): string {
  const kind = line.kind === 'message' ? (line.level ?? 'message') : line.kind;
  return `${clock(line.at)} ${kind.padEnd(7)} ${line.text}`;
}

function print(output: Output, tail: LogTail, json: boolean): void {
  if (tail.missed > 0) output.err(`… ${tail.missed} lines dropped from the app's log before these (it keeps the newest)`);
  for (const line of tail.lines) output.out(json ? JSON.stringify(line) : formatLogLine(line));
}

function parseLines(value: string): number {
  const n = wholeNumber(value);
  if (n === undefined || n < 1 || n > 5000) {
    throw new CodedError('invalid_input', `--lines takes a whole number from 1 to 5000, not "${value}"`, { hint: 'For example: -n 50 for the last 50 lines' });
  }
  return n;
}

export function registerLogs(program: Command, run: Run): void {
  program
    .command('logs <server>')
    .description("a server's stderr, state changes and log messages, as the running app keeps them")
    .option('-f, --follow', 'keep printing new lines until Ctrl-C')
    .option('-n, --lines <n>', 'how many of the last lines to print (default 200)', parseLines)
    .option('--json', 'one JSON object per line')
    .action((server: string, options: { follow?: boolean; lines?: number; json?: boolean }) =>
      run(async (ctx) => {
        // The log lives in the running app's memory; a command's own core has seen nothing.
        if (!(await findLiveApp(ctx.dataDir))) {
          // A mistyped name is said first: the advice below would name a server that is not there.
          const local = await ctx.core();
          if (!(await local.api.status({})).servers.some((s) => s.name === server)) await explainServerError(local.api, server, serverNotConfigured(server));
          throw new CodedError('server_unavailable', `No app is running for ${ctx.dataDir}, so there is no log to show: servers' output is kept only by the running app, in memory`, {
            // Without the app, `status` starts fresh and knows no last error: only a start shows one.
            hint: `Start it with \`connected-services serve\` (or the desktop app), then \`connected-services logs ${server} --follow\`; without it, \`connected-services tools ${server} --refresh\` starts ${server} once and prints its error with the last lines it printed`,
          });
        }
        const core = await ctx.core();
        const read = (input: { after?: number; limit: number }) =>
          core.api.readLogs({ server, ...input }).catch((error: unknown) => explainServerError(core.api, server, error));
        let tail = await read({ limit: options.lines ?? 200 });
        if (tail.lines.length === 0 && !options.follow) ctx.output.err(`No lines from ${server} yet (the app keeps them from when it started).`);
        print(ctx.output, tail, options.json === true);
        if (!options.follow) return 0;
        const stop = interrupted();
        try {
          for (;;) {
            const wake = await Promise.race([stop.promise.then(() => 'stop' as const), new Promise<'poll'>((r) => setTimeout(() => r('poll'), FOLLOW_EVERY_MS))]);
            if (wake === 'stop') return 0;
            // Pages of new lines until caught up (a burst may be longer than one answer).
            do {
              tail = await read({ after: tail.cursor, limit: PAGE });
              print(ctx.output, tail, options.json === true);
            } while (tail.lines.length === PAGE);
          }
        } finally {
          stop.off();
        }
      }),
    );
}
