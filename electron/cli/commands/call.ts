import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import { VAULT_WHEN_USED } from '../context';
import type { CallResult } from '../../../shared/api';
import { MAX_TIMEOUT_MS } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { Output } from '../output';
import { printJson } from '../output';
import { explainServerError } from '../config-errors';
import type { Run } from '../runner';
import { answerAsksAtTerminal } from '../terminal-asks';
import { EXIT_INTERRUPTED, interrupted } from '../interrupted';
import { serverNotConfigured } from '../../registry';
import { wholeNumber } from '../whole-number';

const ArgumentsSchema = z.record(z.string(), z.unknown());

export function parseToolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // Bounded: the arguments may be a whole file's worth; the parser's message says where it broke.
    const shown = text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
    const where = error instanceof SyntaxError ? ` (${error.message.slice(0, 120)})` : '';
    throw new CodedError('invalid_input', `The tool arguments are not valid JSON${where}: ${shown}`, {
      hint: `Quote them for your shell, e.g. '{"message":"hi"}'`,
    });
  }
  const parsed = ArgumentsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CodedError('invalid_input', 'The tool arguments must be a JSON object, e.g. {"message":"hi"}', {
      hint: 'Name each argument: `connected-services tools SERVER --json` shows the names a tool takes',
    });
  }
  return parsed.data;
}

/** Text as text; everything else summarised so a terminal never receives raw binary. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function printResult(output: Output, result: CallResult): void {
  const write = (line: string) => (result.isError ? output.err(line) : output.out(line));
  let printed = false;
  for (const item of result.content) {
    printed = true;
    if (item.type === 'text' && typeof item['text'] === 'string') write(item['text']);
    else if ((item.type === 'image' || item.type === 'audio') && typeof item['data'] === 'string') {
      write(`[${item.type} ${text(item['mimeType'])}, ${Math.round((item['data'].length * 3) / 4)} bytes]`);
    } else if (item.type === 'resource_link' || item.type === 'resource') {
      const resource = item['resource'] as { uri?: unknown; text?: unknown } | undefined;
      write(typeof resource?.text === 'string' ? resource.text : `[${item.type} ${text(item['uri']) || text(resource?.uri)}]`);
    } else write(JSON.stringify(item));
  }
  if (!printed && result.structuredContent) write(JSON.stringify(result.structuredContent, null, 2));
}

export function registerCall(program: Command, run: Run): void {
  program
    .command('call <server> <tool> [json]')
    .description('call a tool with JSON arguments, e.g. call everything echo \'{"message":"hi"}\'')
    .option('--timeout <ms>', 'give up after this many milliseconds', (v) => {
      const n = wholeNumber(v);
      // The limit said here, in the option's words: the API's schema would say "timeoutMs: Too big".
      if (n === undefined || n < 1 || n > MAX_TIMEOUT_MS) {
        throw new CodedError('invalid_input', `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (an hour), not "${v}"`, {
          hint: 'For example: --timeout 120000 for two minutes',
        });
      }
      return n;
    })
    .option('--json', 'print the whole result as JSON')
    .action((server: string, tool: string, json: string | undefined, options: { timeout?: number; json?: boolean }) =>
      run(async (ctx) => {
        const args = parseToolArguments(json);
        const core = await ctx.core(VAULT_WHEN_USED);
        // Through a running app a call waits for the person: a server that is not there is said at once.
        if (ctx.runningApp() && !(await core.api.status({})).servers.some((s) => s.name === server)) {
          await explainServerError(core.api, server, serverNotConfigured(server));
        }
        // Its own per call: two calls confirmed in the app at once must not share one (the second would be refused).
        const callId = `cli-${randomBytes(8).toString('hex')}`;
        const off = process.stderr.isTTY
          ? core.api.on('callProgress', (p) => {
              if (p.callId === callId) ctx.output.err(`progress: ${p.progress}${p.total !== undefined ? `/${p.total}` : ''}${p.message ? ` ${p.message}` : ''}`);
            })
          : () => undefined;
        // The server may ask back during the call: its form is asked here (a running app shows it itself).
        const offAsks = core.asks
          ? answerAsksAtTerminal(core.asks, callId, ctx.output, { interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY) })
          : () => undefined;
        // Ctrl-C cancels the call (the server is sent notifications/cancelled) and says so, exit 130.
        const stop = interrupted();
        try {
          const call = core.api
            .callTool({
              server,
              tool,
              arguments: args,
              callId,
              ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
            })
            .catch((error: unknown) => explainServerError(core.api, server, error, tool));
          // Once cancelled, the call's own end (an error) is nobody's to report.
          call.catch(() => undefined);
          const result = await Promise.race([call, stop.promise.then(() => undefined)]);
          if (result === undefined) {
            const { cancelled } = await core.api.cancelCall({ callId }).catch(() => ({ cancelled: false }));
            ctx.output.err(`Cancelled the call of ${tool} on ${server}${cancelled ? ' (the server was told)' : ''}.`);
            return EXIT_INTERRUPTED;
          }
          if (options.json) printJson(ctx.output, result);
          else printResult(ctx.output, result);
          // An upstream tool error is a result, not a crash; scripts still see it in the exit code.
          return result.isError ? 1 : 0;
        } finally {
          stop.off();
          off();
          offAsks();
        }
      }),
    );
}
