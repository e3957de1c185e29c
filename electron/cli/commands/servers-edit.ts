import { isAbsolute, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Command } from 'commander';
import { failedServers } from '../../../shared/api';
import { HttpServerSchema, StdioServerSchema, type ServerConfig, isStdio } from '../../../shared/config';
import { CodedError, toCodedError } from '../../../shared/errors';
import type { Run } from '../runner';
import { refuseBrokenReferences } from '../../app';
import { refuseLiteralSecrets } from '../literal-secret-flags';
import { warnAboutAddress } from './address-warnings';
import { warnIfArgumentSecrets } from './argument-secrets-note';
import { collect, optionPair } from './pair-option';
import { givenText, nonEmpty } from '../empty-values';
import { parseServerTimeout } from './server-timeout';
import { programPath, typedFolderFor } from '../relative-paths';

const unsetName = nonEmpty('--unset-env', '--unset-env API_KEY');
// Refused as typed: the schema would name its own field (`command: must name a program`), and a blank one passed it.
const program = nonEmpty('--command', '--command npx');
const endpoint = nonEmpty('--url', '--url https://mcp.example.com/mcp');
import { invalidServer } from './invalid-server';
import { noteMissingPaths } from './missing-path-note';
import { noteMissingSecrets } from './missing-secret-note';
import { explainServerError } from '../config-errors';
import { shellQuote } from '../../pool';
import type { SplitCommandLine } from '../../../shared/config';
import { refuseEditLeadingAssignments } from './edit-leading-assignments';
import { commandWords, envWords, refuseWholeCommandLine, wholeLineIn, type GivenProgram } from './whole-command-line';

interface EditOptions {
  command?: string;
  arg?: string[];
  env?: string[];
  unsetEnv?: string[];
  cwd?: string;
  url?: string;
  header?: string[];
  description?: string;
  timeout?: string;
}


const isEmpty = (text: string): boolean => givenText(text) === undefined;

/** `--arg ''` or `--header ''` alone: the repeatable option's list cleared (they replace the whole list). */
const cleared = (items: string[] | undefined): boolean => items?.length === 1 && isEmpty(items[0] ?? '');

/** The entry with the options applied: only what is given changes; `-- COMMAND ARGS…` replaces both. */
export function editedConfig(before: ServerConfig, commandLine: string[], options: EditOptions, base = process.cwd()): ServerConfig {
  // An edit that names nothing would change nothing, yet log a change (and, while an app runs, ask to confirm one).
  if (commandLine.length === 0 && Object.values(options).every((value) => value === undefined)) {
    throw new CodedError('invalid_input', 'servers edit was given nothing to change', {
      hint: 'Name what to change: a new command line after --, or --command, --arg, --env, --unset-env, --cwd, --url, --header, --description or --timeout (connected-services servers edit --help)',
    });
  }
  // Two ways to give the same part would leave one silently unused.
  if (commandLine.length > 0 && (options.command !== undefined || options.arg)) {
    throw new CodedError('invalid_input', 'servers edit was given a command line after -- and --command or --arg too', {
      hint: 'Give the whole new command line after --, or change its parts with --command and --arg, not both',
    });
  }
  const both = (options.unsetEnv ?? []).filter((name) => (options.env ?? []).some((item) => item.split('=')[0] === name));
  if (both.length > 0) {
    throw new CodedError('invalid_input', `--env and --unset-env both name ${both.map((name) => `"${name}"`).join(', ')}`, { hint: 'Set it with --env, or remove it with --unset-env, not both' });
  }
  const next: Record<string, unknown> = { ...before };
  // Blank clears the field (as --cwd ''), never stores "".
  if (options.description !== undefined) {
    if (isEmpty(options.description)) delete next['description'];
    else next['description'] = options.description;
  }
  if (options.timeout !== undefined) {
    if (isEmpty(options.timeout)) delete next['timeoutMs'];
    else next['timeoutMs'] = parseServerTimeout(options.timeout);
  }
  if (isStdio(before)) {
    if (options.url !== undefined || options.header) throw new CodedError('invalid_input', 'this is a stdio server: --url and --header apply to URL servers', { hint: 'Remove it and add it again to change its transport.' });
    const [command, ...args] = commandLine;
    if (command !== undefined) {
      next['command'] = command;
      next['args'] = args;
    }
    if (options.command !== undefined) next['command'] = options.command;
    if (options.arg) next['args'] = cleared(options.arg) ? [] : options.arg;
    if (Array.isArray(next['args']) && next['args'].length === 0) delete next['args'];
    if (options.cwd !== undefined) {
      if (isEmpty(options.cwd)) delete next['cwd'];
      else next['cwd'] = isAbsolute(options.cwd) ? options.cwd : resolve(base, options.cwd); // relative to where the person typed it, not to where the app runs
    } else if (commandLine.length > 0 || options.command !== undefined) {
      // A new command naming a relative path (`./run.sh`, `node build/index.js`) runs where it was typed, as `servers add` records it.
      const line = [options.command ?? commandLine[0] ?? before.command, ...(options.arg ? options.arg : commandLine.length > 0 ? commandLine.slice(1) : (before.args ?? []))];
      const folder = typedFolderFor(line, before.cwd, base);
      if (folder !== undefined) next['cwd'] = folder;
    } else if (options.arg && !cleared(options.arg) && !programPath(before.command)) {
      // New arguments naming a file here (`--arg build/index.js` for `node`) run where they were typed.
      const folder = typedFolderFor([before.command, ...options.arg], before.cwd, base);
      if (folder !== undefined) next['cwd'] = folder;
    }
    const env: Record<string, string> = { ...(before.env ?? {}) };
    for (const item of options.env ?? []) {
      const [name, value] = optionPair(item, /=/, '--env');
      env[name] = value;
    }
    for (const name of options.unsetEnv ?? []) {
      // A typo would read as done: "Changed", with the variable meant still set.
      if (!Object.hasOwn(env, name)) {
        const names = Object.keys(before.env ?? {});
        throw new CodedError('invalid_input', `The entry sets no environment variable "${name}" to remove`, {
          hint: names.length > 0 ? `It sets ${names.map((n) => `"${n}"`).join(', ')}` : 'It sets no environment variables',
        });
      }
      delete env[name];
    }
    if (Object.keys(env).length > 0) next['env'] = env;
    else delete next['env'];
  } else {
    if (commandLine.length > 0 || options.command !== undefined || options.arg || options.env || options.unsetEnv || options.cwd !== undefined) {
      throw new CodedError('invalid_input', 'this is a URL server: a command, --arg, --env and --cwd apply to stdio servers', { hint: 'Remove it and add it again to change its transport.' });
    }
    if (options.url !== undefined) next['url'] = options.url;
    if (cleared(options.header)) delete next['headers'];
    else if (options.header) next['headers'] = Object.fromEntries(options.header.map((h) => optionPair(h, /:\s*/, '--header')));
  }
  const parsed = (isStdio(before) ? StdioServerSchema : HttpServerSchema).safeParse(next);
  if (!parsed.success) throw invalidServer(parsed.error.issues, 'edit');
  return parsed.data;
}

/** The program given as a whole quoted command line, after `--` or as `--command`. */
function wholeProgram(command: string[], options: EditOptions): GivenProgram | undefined {
  const after = options.command === undefined && options.arg === undefined ? wholeLineIn(command) : undefined;
  if (after !== undefined) return { word: after, where: 'The command after --', action: 'edit' };
  const given = command.length === 0 && options.command !== undefined ? wholeLineIn([options.command]) : undefined;
  return given !== undefined ? { word: given, where: '--command', action: 'edit' } : undefined;
}

/** `servers edit` as the person wrote it, with the line after `--` (its `--arg`s after it). */
function editCorrected(name: string, options: EditOptions, split: SplitCommandLine): string[] {
  const cwd = options.cwd ?? split.cwd;
  const quoted = (flag: string, items: string[] | undefined): string[] => (items ?? []).flatMap((item) => [flag, shellQuote(item)]);
  return [
    'connected-services servers edit',
    shellQuote(name),
    ...quoted('--env', options.env),
    ...envWords(split.env),
    ...quoted('--unset-env', options.unsetEnv),
    ...(cwd !== undefined ? ['--cwd', shellQuote(cwd)] : []),
    ...quoted('--timeout', options.timeout === undefined ? undefined : [options.timeout]),
    ...quoted('--description', options.description === undefined ? undefined : [options.description]),
    ...commandWords(split, cleared(options.arg) ? [] : (options.arg ?? [])),
  ];
}

/** `servers edit` and `servers restart` (issue 17): change an entry in place, start a server afresh. */
export function registerServerEdits(servers: Command, run: Run): void {
  servers
    .command('edit <name> [command...]')
    .description('change a server: `edit NAME -- COMMAND ARGS…` replaces its command line; options change one part each')
    .option('--command <program>', 'the program to run', program)
    .option('--arg <arg>', 'an argument (repeatable; the given ones replace all arguments; --arg "" alone removes them)', collect)
    .option('--env <pair>', 'set an environment variable NAME=VALUE (repeatable; use ${secret:NAME} for secrets)', collect)
    .option('--unset-env <name>', 'remove an environment variable (repeatable)', (value: string, previous?: string[]) => collect(unsetName(value), previous))
    .option('--cwd <dir>', 'working directory ("" removes it)')
    .option('--url <url>', 'the Streamable HTTP endpoint (URL servers)', endpoint)
    .option('--header <header>', 'HTTP header "Name: value" (repeatable; the given ones replace all headers; --header "" alone removes them)', collect)
    .option('--description <text>', 'what the server is for ("" removes it)')
    .option('--timeout <ms>', 'default call timeout in milliseconds ("" goes back to the default)')
    .action((name: string, command: string[], options: EditOptions) =>
      run(async (ctx) => {
        // Only what is given now: an entry written by hand before stays the person's own choice.
        const given = (items: string[] | undefined, separator: RegExp, flag: string) => (items && !cleared(items) ? Object.fromEntries(items.map((item) => optionPair(item, separator, flag))) : undefined);
        const [headers, env] = [given(options.header, /:\s*/, '--header'), given(options.env, /=/, '--env')];
        const args = (cleared(options.arg) ? undefined : options.arg) ?? (command.length > 0 ? command.slice(1) : undefined); // what editedConfig writes
        // Only the references given now, by their form (store names: the app's): before the literal check, which would read an unterminated one as text in clear.
        refuseBrokenReferences({ headers, env, args, url: options.url }, 'unknown');
        refuseLiteralSecrets(name, {
          ...(headers ? { headers } : {}),
          ...(env ? { env } : {}),
          ...(args ? { args } : {}),
          ...(options.url !== undefined ? { url: options.url } : {}),
          ...(options.command !== undefined ? { command: options.command, commandFrom: '--command' } : command.length > 0 ? { command: command[0] ?? '', commandFrom: 'after --' } : {}),
          ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
          ...(options.description !== undefined ? { description: options.description } : {}),
          action: 'edit',
        });
        // After the secret check: a line holding one is refused in its words, never echoed split.
        const whole = wholeProgram(command, options);
        if (whole !== undefined) refuseWholeCommandLine(name, whole, (split) => editCorrected(name, options, split));
        refuseEditLeadingAssignments(name, command, options, (split) => editCorrected(name, options, split));
        warnAboutAddress(ctx.output, options.url);
        const core = await ctx.core();
        const { config } = await core.api.serverConfig({ name }).catch((error: unknown) => explainServerError(core.api, name, error));
        const edited = editedConfig(config, command, options);
        // Nothing to write: no change logged, none to confirm in the app, no approval undone.
        if (isDeepStrictEqual(edited, config)) return ctx.output.out(`Nothing changed: ${name} already is as given.`);
        noteMissingPaths(ctx.output, edited);
        warnIfArgumentSecrets(ctx.output, edited);
        const waitedBefore = (await core.api.status({})).servers.find((s) => s.name === name)?.approval === 'pending';
        const status = await core.api.updateServer({ name, config: edited });
        ctx.output.out(`Changed ${name}.`);
        if (isStdio(edited) && options.cwd === undefined && edited.cwd !== undefined && edited.cwd !== (isStdio(config) ? config.cwd : undefined)) {
          ctx.output.out(`It runs in ${edited.cwd}, where its command was typed (--cwd DIR for another folder).`);
        }
        // Of what was given now: a secret the entry named before is doctor's to tell.
        await noteMissingSecrets(ctx.output, core.api, name, { headers, env, args, url: options.url });
        if (status.approval === 'pending') {
          // One never approved still waits: a note or a timeout changed is no changed command.
          const what = waitedBefore
            ? `It still waits for your approval before it ${isStdio(config) ? 'runs' : 'connects'}`
            : isStdio(config)
              ? 'Its command changed and needs your approval before it runs again'
              : 'Where it sends its secrets changed and needs your approval before it connects again';
          ctx.output.out(`${what}: connected-services servers approve ${name}`);
        }
      }),
    );

  servers
    .command('restart [name]')
    .description('stop a server and start it again now (in the running app, if one runs); --failed: every server that failed')
    .option('--failed', 'restart every enabled server in the error state')
    .action((name: string | undefined, options: { failed?: boolean }) =>
      run(async (ctx) => {
        if ((name === undefined) === !options.failed) {
          throw new CodedError('invalid_input', 'Give a server name or --failed', { hint: 'For example: connected-services servers restart memory' });
        }
        const core = await ctx.core();
        const names = name !== undefined ? [name] : failedServers((await core.api.status({})).servers).map((s) => s.name);
        if (names.length === 0) return ctx.output.out('No server has failed.');
        let failures = 0;
        let last: CodedError | undefined;
        for (const server of names) {
          try {
            const status = await core.api.restartServer({ name: server });
            ctx.output.out(`Restarted ${server}: ${status.state}.`);
          } catch (error) {
            // One named server that is not there: with the name a typo likely meant, as servers stop says it.
            last = toCodedError(name === undefined ? error : await explainServerError(core.api, server, error).catch((explained: unknown) => explained));
            failures += 1;
            if (name === undefined) ctx.output.err(`${server} did not start: ${last.message}`);
          }
        }
        // One named server: its own error and exit code; --failed: each is said, exit 1 if any failed again.
        if (last && name !== undefined) throw last;
        return failures > 0 ? 1 : 0;
      }),
    );
}
