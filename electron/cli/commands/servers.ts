import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Command } from 'commander';
import { HttpServerSchema, StdioServerSchema, type ServerConfig, holdsSeparator, isStdio, separatorError } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { printJson, table } from '../output';
import { confirm } from '../prompt';
import { configError, configErrorBesides, explainServerError, issueRows } from '../config-errors';
import type { Run } from '../runner';
import { VAULT_WHEN_USED } from '../context';
import { registerServerEdits } from './servers-edit';
import { addAndConnect, showRegistryDryRun } from './servers-add-connect';
import { entryNumber, planFromRegistry } from './servers-from-registry';
import { registerServerPruneBundles } from './servers-prune-bundles';
import { registerServerStop } from './servers-stop';
import { registerServerReview } from './servers-review';
import { approvalsIgnoredLine, stateLabel } from './status';
import { serverNotConfigured } from '../../registry';
import { refuseBrokenReferences } from '../../app';
import { refuseLiteralSecrets } from '../literal-secret-flags';
import { hideCommandSecrets, hideSecrets } from '../secret-shapes';
import { checkNewServerName } from '../name-checks';
import { configuredServerNames } from '../configured-names';
import { shownCommand } from './shown-command';
import { warnAboutAddress } from './address-warnings';
import { warnIfArgumentSecrets } from './argument-secrets-note';
import { collect, optionPair } from './pair-option';
import { invalidServer } from './invalid-server';
import { noteMissingPaths } from './missing-path-note';
import { noteMissingSecrets } from './missing-secret-note';
import { givenText, nonEmpty } from '../empty-values';
import { relativePathIn } from '../relative-paths';
import { yesWithoutConnect } from '../command-after-dashes';
import { parseServerTimeout } from './server-timeout';
import { commandWords, envWords, refuseWholeCommandLine, wholeLineIn } from './whole-command-line';
import { refuseLeadingAssignments } from './leading-assignments';
import { shellQuote } from '../../pool';
import type { SplitCommandLine } from '../../../shared/config';

function pairs(items: string[] | undefined, separator: RegExp, flag: string): Record<string, string> | undefined {
  if (!items || items.length === 0) return undefined;
  return Object.fromEntries(items.map((item) => optionPair(item, separator, flag)));
}

interface AddOptions {
  fromRegistry?: string;
  input?: string[];
  inputSecret?: string[];
  package?: string;
  remote?: string;
  registry?: string;
  url?: string;
  header?: string[];
  env?: string[];
  cwd?: string;
  timeout?: string;
  description?: string;
  connect?: boolean;
  yes?: boolean;
  dryRun?: boolean;
}


/** The options of a registry entry, which a server added by hand would silently lose. */
function refuseRegistryOptions(options: AddOptions): void {
  const given = (['input', 'inputSecret', 'package', 'remote', 'registry'] as const).filter((key) => options[key] !== undefined);
  if (given.length === 0) return;
  throw new CodedError('invalid_input', `${given.map((key) => `--${key === 'inputSecret' ? 'input-secret' : key}`).join(', ')} ${given.length === 1 ? 'goes' : 'go'} with --from-registry`, {
    hint: 'Leave it out, or add the entry with --from-registry ID',
  });
}

/** `servers add` as the person wrote it, with the one quoted word split into its words. */
function addCorrected(name: string, options: AddOptions, split: SplitCommandLine): string[] {
  const cwd = options.cwd ?? split.cwd;
  return [
    'connected-services servers add',
    shellQuote(name),
    ...(options.env ?? []).flatMap((pair) => ['--env', shellQuote(pair)]),
    ...envWords(split.env),
    ...(cwd !== undefined ? ['--cwd', shellQuote(cwd)] : []),
    ...(options.timeout !== undefined ? ['--timeout', shellQuote(options.timeout)] : []),
    ...(options.description !== undefined ? ['--description', shellQuote(options.description)] : []),
    ...(options.connect === true ? ['--connect'] : []),
    ...(options.yes === true ? ['--yes'] : []),
    ...commandWords(split),
  ];
}

export function buildServerConfig(commandLine: string[], options: AddOptions): ServerConfig {
  const timeoutMs = options.timeout === undefined ? undefined : parseServerTimeout(options.timeout);
  const common = { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(givenText(options.description) !== undefined ? { description: options.description } : {}) };
  refuseRegistryOptions(options);
  if (options.url !== undefined) {
    if (commandLine.length > 0) throw new CodedError('invalid_input', 'Give either --url or a command, not both', { hint: 'A URL server takes --url alone; a program on this computer, its command after --' });
    if (options.env !== undefined || options.cwd !== undefined) {
      throw new CodedError('invalid_input', '--env and --cwd apply to a command run on this computer, not to a URL server', { hint: 'Leave them out; a URL server takes --header "Name: value" (a secret as ${secret:NAME})' });
    }
    const headers = pairs(options.header, /:\s*/, '--header');
    const parsed = HttpServerSchema.safeParse({ type: 'http', url: options.url, ...(headers ? { headers } : {}), ...common });
    if (!parsed.success) throw invalidServer(parsed.error.issues, 'add');
    return parsed.data;
  }
  if (options.header !== undefined) {
    throw new CodedError('invalid_input', '--header applies to a URL server (--url), not to a command', { hint: 'Give the command its settings with --env NAME=VALUE (a secret as ${secret:NAME})' });
  }
  const [command, ...args] = commandLine;
  if (command !== undefined && command.trim() === '') {
    throw new CodedError('invalid_input', 'The command after -- is blank', { hint: 'For example: connected-services servers add files -- npx -y @modelcontextprotocol/server-filesystem ~/notes' });
  }
  if (command === undefined) {
    throw new CodedError('invalid_input', 'Give a command after --, or --url for an HTTP server', {
      hint: 'For example: connected-services servers add files -- npx -y @modelcontextprotocol/server-filesystem ~/notes',
    });
  }
  const env = pairs(options.env, /=/, '--env');
  const parsed = StdioServerSchema.safeParse({
    command,
    ...(args.length > 0 ? { args } : {}),
    ...(env ? { env } : {}),
    // Relative to where the person typed it; kept as given it would be relative to wherever the app runs.
    ...(options.cwd !== undefined ? { cwd: options.cwd === '' || isAbsolute(options.cwd) ? options.cwd : resolve(options.cwd) } : {}),
    // So is a relative path in the command (`node build/index.js`): it runs where it was typed.
    ...(options.cwd === undefined && relativePathIn(commandLine) !== undefined ? { cwd: process.cwd() } : {}),
    ...common,
  });
  if (!parsed.success) throw invalidServer(parsed.error.issues, 'add');
  return parsed.data;
}

export function registerServers(program: Command, run: Run): void {
  const servers = program.command('servers').description('configure servers (list, add, edit, remove, enable, disable, approve, restart, stop, review, prune-bundles)');

  servers
    .command('list')
    .description('list configured servers with their command or URL')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      run(async (ctx) => {
        const status = await (await ctx.core(VAULT_WHEN_USED)).api.status({});
        const { servers: listed, configIssues } = status;
        const list = listed.map((s) => ({ ...s, ...(s.commandLine !== undefined ? { commandLine: s.transport === 'stdio' ? hideCommandSecrets(s.commandLine) : hideSecrets(s.commandLine) } : {}), ...(s.url !== undefined ? { url: hideSecrets(s.url) } : {}) }));
        // A broken file is not an empty one: what is listed is the last good config, and the command fails.
        // Each problem is said once, as status says it: a bad entry's on its row, the rest in that error.
        const invalid = issueRows(configIssues, list);
        if (configIssues.length > 0 && (options.json || (list.length === 0 && invalid.length === 0))) throw configError(configIssues);
        if (options.json) return printJson(ctx.output, list);
        if (list.length === 0 && invalid.length === 0) return ctx.output.out('No servers configured.');
        const rows = [
          ['SERVER', 'TRANSPORT', 'STATE', 'COMMAND OR URL'],
          // One a program declared in code is changed in that program, not with these commands.
          ...list.map((s) => [s.name, s.transport, stateLabel(s), `${s.fromCode === true ? '(from code) ' : ''}${s.commandLine ?? s.url ?? ''}`]),
          // Entries left out for a mistake of their own: listed, so none seems to vanish.
          ...invalid.map(({ server, problem }) => [server, '', 'invalid entry', problem]),
        ];
        for (const line of table(rows)) ctx.output.out(line);
        const ignored = approvalsIgnoredLine(status);
        if (ignored !== undefined) ctx.output.err(ignored);
        if (configIssues.length > 0) throw configErrorBesides(configIssues, invalid.map((row) => row.server));
      }),
    );

  servers
    .command('add <name> [command...]')
    .description('add a stdio server (`add NAME -- COMMAND ARGS…`) or an HTTP server (`add NAME --url URL`)')
    .option('--url <url>', 'Streamable HTTP endpoint', nonEmpty('--url', '--url https://mcp.example.com/mcp'))
    .option('--header <header>', 'HTTP header "Name: value" (repeatable; use ${secret:NAME} for secrets)', collect)
    .option('--env <pair>', 'environment variable NAME=VALUE for the command (repeatable)', collect)
    .option('--cwd <dir>', 'working directory of the command')
    .option('--timeout <ms>', 'default call timeout in milliseconds')
    .option('--description <text>', 'what the server is for ("" gives none)')
    .option('--from-registry <id>', 'an MCP Registry entry, ID[@VERSION] as the registry names it (docs/configuration.md#the-registry-catalog)')
    .option('--input <pair>', 'a registry entry\'s input INPUT=VALUE (repeatable; asked at the terminal when missing)', collect)
    .option('--input-secret <pair>', 'a registry entry\'s secret input INPUT=SECRET_NAME, filled from a secret already in the vault (repeatable; nothing new is stored)', collect)
    .option('--package <n>', 'with --from-registry: install its package number N (default: the first npm, pypi, oci or mcpb one)', entryNumber('--package'))
    .option('--remote <n>', 'with --from-registry: use its remote number N instead of a package', entryNumber('--remote'))
    .option('--registry <name>', 'with --from-registry: the registry to take it from when more than one lists it, named as `registry search` shows it or by its address', nonEmpty('--registry', '--registry registry.modelcontextprotocol.io'))
    .option('--connect', 'in one step: approve what it runs (shown first), sign in if it needs it, start it and list its tools; a step that fails undoes the ones before')
    .option('-y, --yes', 'with --connect: approve without asking')
    .option('--dry-run', 'with --from-registry: show what would be added and approved, with its warnings; write nothing')
    .action((name: string, command: string[], options: AddOptions) =>
      run(async (ctx) => {
        // A suggested name is never a configured one; the names are read without opening a core, so a refused name changes nothing.
        await checkNewServerName(name, () => configuredServerNames(ctx));
        // Refused before anything is fetched or asked, suggesting a name no configured server has.
        if (holdsSeparator(name)) {
          const { configured, demo } = await configuredServerNames(ctx);
          throw separatorError(name, [...configured, ...demo]);
        }
        if (options.fromRegistry !== undefined) {
          if (command.length > 0 || options.url !== undefined) throw new CodedError('invalid_input', 'Give either --from-registry or a command or --url, not both');
          if (options.yes === true && options.connect !== true) throw yesWithoutConnect(false);
          const { plan: planned, secrets, release } = await planFromRegistry(ctx, name, { ...options, fromRegistry: options.fromRegistry });
          try {
            const description = givenText(options.description);
            const plan = description === undefined ? planned : { ...planned, config: { ...planned.config, description } };
            if (!isStdio(plan.config)) warnAboutAddress(ctx.output, plan.config.url);
            warnIfArgumentSecrets(ctx.output, plan.config);
            if (options.dryRun === true) return await showRegistryDryRun(ctx, name, plan.config, secrets.map((s) => s.name));
            if (options.connect === true) return await addAndConnect(ctx, name, plan.config, options.yes === true, secrets);
            await (await ctx.core()).api.addService({ name, config: plan.config, ...(secrets.length > 0 ? { secrets } : {}), connect: false });
            const runs = isStdio(plan.config) ? hideCommandSecrets(shownCommand(plan.config)) : plan.config.url;
            ctx.output.out(`Added ${name}: ${runs}${secrets.length > 0 ? ` (${secrets.length} secret(s) in the vault)` : ''}.`);
            if (isStdio(plan.config)) ctx.output.out(`Its command needs your approval before it runs: connected-services servers approve ${name} (or add it with --connect to approve and start it in one step)`);
            return 0;
          } finally {
            // The entry is written (or not added): a removal may prune the bundle folder as usual from now on.
            await release();
          }
        }
        if (options.dryRun === true) throw new CodedError('invalid_input', '--dry-run goes with --from-registry', { hint: 'Leave out --dry-run, or add the entry with --from-registry ID' });
        if (options.yes === true && options.connect !== true) throw yesWithoutConnect(command.length > 0);
        const config = buildServerConfig(command, options);
        // Said before anything is added or approved, so the person can still choose https.
        if (!isStdio(config)) warnAboutAddress(ctx.output, config.url);
        // The form now, store names by the app: an unterminated reference would read as text in clear.
        refuseBrokenReferences(config, 'unknown');
        refuseLiteralSecrets(name, isStdio(config) ? { ...(config.env ? { env: config.env } : {}), ...(config.args ? { args: config.args } : {}), command: config.command, commandFrom: 'after --', ...(config.cwd ? { cwd: config.cwd } : {}) } : { ...(config.headers ? { headers: config.headers } : {}), url: config.url });
        // After the secret check: a line holding one is refused in its words, never echoed split.
        const whole = options.url === undefined ? wholeLineIn(command) : undefined;
        if (whole !== undefined) refuseWholeCommandLine(name, { word: whole, where: 'The command after --' }, (split) => addCorrected(name, options, split));
        if (options.url === undefined) refuseLeadingAssignments(name, command, (split) => addCorrected(name, options, split));
        warnIfArgumentSecrets(ctx.output, config);
        noteMissingPaths(ctx.output, config);
        if (options.connect === true) return addAndConnect(ctx, name, config, options.yes === true);
        const core = await ctx.core();
        await core.api.addServer({ name, config });
        ctx.output.out(`Added ${name}.`);
        await noteMissingSecrets(ctx.output, core.api, name, config);
        const relative = isStdio(config) && options.cwd === undefined ? relativePathIn(command) : undefined;
        if (relative !== undefined) ctx.output.out(`It runs in ${process.cwd()}, where its path ${relative} ${existsSync(relative) ? 'is' : 'is to be'} (--cwd DIR for another folder).`);
        if (isStdio(config)) ctx.output.out(`Its command needs your approval before it runs: connected-services servers approve ${name}`);
        else if ((await core.api.status({})).servers.find((s) => s.name === name)?.approval === 'pending') {
          ctx.output.out(`It sends secrets to its URL, which needs your approval first: connected-services servers approve ${name}`);
        }
        return 0;
      }),
    );

  servers
    .command('remove <name>')
    .description('remove a server (stops it)')
    .action((name: string) =>
      run(async (ctx) => {
        const core = await ctx.core();
        await core.api.removeServer({ name }).catch((error: unknown) => explainServerError(core.api, name, error));
        ctx.output.out(`Removed ${name}.`);
      }),
    );

  for (const [verb, enabled] of [['enable', true], ['disable', false]] as const) {
    servers
      .command(`${verb} <name>`)
      .description(`${verb} a server`)
      .action((name: string) =>
        run(async (ctx) => {
          const core = await ctx.core();
          await core.api.setServerEnabled({ name, enabled }).catch((error: unknown) => explainServerError(core.api, name, error));
          ctx.output.out(`${enabled ? 'Enabled' : 'Disabled'} ${name}.`);
        }),
      );
  }

  servers
    .command('approve <name>')
    .description('approve the exact command line of a stdio server so it may run, or where a URL server sends its secrets')
    .option('-y, --yes', 'do not ask for confirmation')
    .action((name: string, options: { yes?: boolean }) =>
      run(async (ctx) => {
        const core = await ctx.core();
        const status =
          (await core.api.status({})).servers.find((s) => s.name === name) ??
          (await explainServerError(core.api, name, serverNotConfigured(name)));
        if (status.approval === 'not_needed') {
          throw new CodedError('invalid_input', `"${name}" is a URL server that sends no secret of the vault; only commands and URL servers that send secrets need approval`, {
            hint: 'Nothing to approve: it runs as it is (a value written in clear in its entry is sent as written)',
          });
        }
        const command = status.transport === 'stdio';
        ctx.output.out(command ? `Command of ${name}:` : `${name} sends secrets to:`);
        ctx.output.out(`  ${status.commandLine ?? ''}`);
        if (status.approval === 'approved') return ctx.output.out('Already approved.');
        if (ctx.interactive && !options.yes && !(await confirm(command ? 'Allow this command to run?' : 'Allow it to send them there?'))) {
          ctx.output.out('Not approved.');
          return 4;
        }
        await core.api.approveServer({ name, ...(status.commandLine !== undefined ? { commandLine: status.commandLine } : {}) });
        ctx.output.out(`Approved ${name}.`);
      }),
    );
  registerServerEdits(servers, run);
  registerServerStop(servers, run);
  registerServerReview(servers, run);
  registerServerPruneBundles(servers, run);
}
