import type { Command } from 'commander';
import { z } from 'zod';
import type { PromptResult, ResourceRead } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { explainServerError } from '../config-errors';
import type { Output } from '../output';
import { printJson } from '../output';
import type { Run } from '../runner';
import { VAULT_WHEN_USED, type CliContext } from '../context';
import { serverNotConfigured } from '../../registry';

const PromptArgumentsSchema = z.record(z.string(), z.string());

/** MCP prompt arguments are strings (PromptArgument); a JSON object of strings, e.g. {"city":"Paris"}. */
export function parsePromptArguments(text: string | undefined): Record<string, string> {
  if (text === undefined || text.trim() === '') return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CodedError('invalid_input', `The prompt arguments are not valid JSON: ${text}`, { hint: `Quote them for your shell, e.g. '{"city":"Paris"}'` });
  }
  const parsed = PromptArgumentsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CodedError('invalid_input', 'The prompt arguments must be a JSON object of strings, e.g. {"city":"Paris"}', {
      hint: 'MCP prompt arguments are always strings: quote numbers too ({"count":"3"})',
    });
  }
  return parsed.data;
}

/** Text as it is; a blob or a part left out for its size is one line saying what it is. */
export function printContents(output: Output, read: ResourceRead): void {
  for (const item of read.contents) {
    const type = item.mimeType ?? 'unknown type';
    if (item.omitted) {
      output.err(`[${item.uri}: ${type}, ${item.omitted.bytes} bytes, past the ${item.omitted.limit} bytes the app passes on; not shown]`);
    } else if (item.text !== undefined) {
      output.out(item.text);
    } else if (item.blob !== undefined) {
      output.out(`[${item.uri}: ${type}, ${Math.floor((item.blob.length * 3) / 4)} bytes of binary data; --json prints it as base64]`);
    } else {
      output.out(`[${item.uri}: no content]`);
    }
  }
}

export function printPrompt(output: Output, prompt: PromptResult): void {
  if (prompt.description !== undefined) output.out(`# ${prompt.description}`);
  for (const message of prompt.messages) {
    const { content } = message;
    const text = content.type === 'text' && typeof content['text'] === 'string' ? content['text'] : `[${content.type} content; --json prints it]`;
    output.out(`${message.role}: ${text}`);
  }
}

/** Through a running app these wait for the person: a server that is not there is said at once. */
async function assertConfigured(ctx: CliContext, server: string): Promise<void> {
  const core = await ctx.core(VAULT_WHEN_USED);
  if (ctx.runningApp() && !(await core.api.status({})).servers.some((s) => s.name === server)) {
    await explainServerError(core.api, server, serverNotConfigured(server));
  }
}

/**
 * A resource's URI has a scheme (RFC 3986 §3: `scheme ":" hier-part`): a word without one was sent to
 * the server and came back as its "Invalid URL", exit 1, blamed on the server.
 */
function assertResourceUri(server: string, uri: string): void {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) return;
  throw new CodedError('invalid_input', `"${uri.slice(0, 80)}" is not a resource URI: it needs a scheme, e.g. file:///notes.md or demo://resource/static/document/architecture.md`, {
    hint: `\`connected-services resources ${server.slice(0, 48)}\` lists the URIs it offers`,
  });
}

export function registerRead(program: Command, run: Run): void {
  program
    .command('read')
    .argument('<server>', 'the server that offers it')
    .argument('<uri>', 'the resource URI, as `connected-services resources SERVER` lists them')
    .description('read a resource, e.g. read everything demo://resource/static/document/architecture.md')
    .option('--json', 'print the whole result as JSON (binary contents as base64)')
    .action((server: string, uri: string, options: { json?: boolean }) =>
      run(async (ctx) => {
        assertResourceUri(server, uri);
        await assertConfigured(ctx, server);
        const core = await ctx.core();
        const read = await core.api.readResource({ server, uri }).catch((error: unknown) => explainServerError(core.api, server, error, { resource: uri }));
        if (options.json) printJson(ctx.output, read);
        else printContents(ctx.output, read);
      }),
    );
  program
    .command('prompt <server> <name> [json]')
    .description('get a prompt with its arguments, e.g. prompt everything args-prompt \'{"city":"Paris"}\'')
    .option('--json', 'print the whole result as JSON')
    .action((server: string, name: string, json: string | undefined, options: { json?: boolean }) =>
      run(async (ctx) => {
        const args = parsePromptArguments(json);
        await assertConfigured(ctx, server);
        const core = await ctx.core();
        const prompt = await core.api.getPrompt({ server, name, arguments: args }).catch((error: unknown) => explainServerError(core.api, server, error, { prompt: name }));
        if (options.json) printJson(ctx.output, prompt);
        else printPrompt(ctx.output, prompt);
      }),
    );
}
