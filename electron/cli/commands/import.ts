import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { IMPORT_SOURCES, ImportSourceSchema, type ImportReport, type ImportSource } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { shellQuote, withSuggestion } from '../../../shared/text';
import { nonEmpty } from '../empty-values';
import { previewCredentialFiles } from '../../registry';
import type { CliContext } from '../context';
import { printJson, type Output } from '../output';
import { confirm } from '../prompt';
import type { Run } from '../runner';

interface ImportFlags {
  path?: string;
  json?: boolean;
  moveCredentialFiles?: boolean;
}

/** At a terminal, without the flag: shows the credential files the import would find and asks whether to move them. */
async function askToMove(ctx: CliContext, source: ImportSource, path: string | undefined): Promise<boolean> {
  const found = await previewCredentialFiles(source, path, { homeDir: homedir(), platform: process.platform, env: ctx.env, cwd: process.cwd() });
  const movable = found.filter((f) => f.kind !== undefined && f.problem === undefined);
  if (movable.length === 0) return false;
  ctx.output.err('These entries name credential or token files in their environment:');
  for (const f of movable) ctx.output.err(`  ${f.server} ${f.variable} = ${f.file} (${f.kind ?? 'credential'})`);
  return confirm('Move their contents into the vault and hand them to the programs as ${secretFile:…}? The files themselves stay where they are.');
}

function printCredentialFiles(output: Output, files: NonNullable<ImportReport['credentialFiles']>): void {
  for (const f of files) {
    if (f.moved && f.secret !== undefined) {
      output.out(`  moved   ${f.server} env.${f.variable} (${f.kind ?? 'credential'} file ${f.file}) into the vault; it is now \${secretFile:${f.secret}}`);
      output.out(`          delete ${f.file} once nothing else reads it`);
    } else {
      output.out(`  found   ${f.server} env.${f.variable} names a credential file (${f.file}), left in place${f.problem !== undefined ? `: ${f.problem}` : ''}`);
      if (f.problem === undefined) {
        output.out(`          to move it: import with --move-credential-files, or \`connected-services secrets set NAME --from-file ${f.file}\` and set ${f.variable} to \${secretFile:NAME}`);
      }
    }
    if (f.note !== undefined) output.out(`          note: ${f.note}`);
  }
}

/** A source that names a file (`./mcp.json`, `~/x.json`): the person meant --path. */
const LOOKS_LIKE_FILE = /[\\/]|^[.~]|\.json5?$|\.jsonc$|\.toml$/i;

export function registerImport(program: Command, run: Run): void {
  program
    .command('import')
    .argument('<source>', `the client to import from: ${IMPORT_SOURCES.join(', ')}`)
    .description(`import servers from another client (${IMPORT_SOURCES.join(', ')}) without overwriting yours`)
    .option('--path <file>', 'read this config file instead of the usual location', nonEmpty('--path', '--path ~/.cursor/mcp.json'))
    .option('--move-credential-files', 'move credential and token files named in env into the vault, as ${secretFile:…} (asked at a terminal otherwise)')
    .option('--json', 'print JSON')
    .action((source: string, options: ImportFlags) =>
      run(async (ctx) => {
        const parsed = ImportSourceSchema.safeParse(source);
        if (!parsed.success) {
          throw new CodedError('invalid_input', `Unknown source "${source.slice(0, 60)}"; use one of: ${IMPORT_SOURCES.join(', ')}`, {
            hint: LOOKS_LIKE_FILE.test(source)
              ? `A file is given with --path after the client whose format it has: connected-services import claude-desktop --path ${shellQuote(source.slice(0, 200))} (\`connected-services help import\` explains it)`
              : withSuggestion(source, IMPORT_SOURCES, '`connected-services help import` explains it (docs/cli.md#import)'),
          });
        }
        // Absolute: the running app, which may do the import, has a working folder of its own.
        const path = options.path ? resolve(options.path) : undefined;
        const move = options.moveCredentialFiles === true || (ctx.interactive && !options.json && (await askToMove(ctx, parsed.data, path)));
        const report = await (await ctx.core()).api.importConfig({
          source: parsed.data,
          ...(path ? { path } : {}),
          ...(move ? { credentialFiles: 'move' as const } : {}),
        });
        if (options.json) return printJson(ctx.output, report);
        ctx.output.out(`Read ${report.files.join(', ') || 'nothing'}`);
        for (const a of report.added) ctx.output.out(`  added   ${a.name}  (from ${a.from})`);
        for (const s of report.skipped) ctx.output.out(`  skipped ${s.name === '' ? '""' : s.name}: ${s.reason}`);
        for (const m of report.secrets) ctx.output.out(`  moved   ${m.server} ${m.field} into the vault as \${secret:${m.secret}}`);
        printCredentialFiles(ctx.output, report.credentialFiles ?? []);
        for (const c of report.inClear ?? []) {
          ctx.output.out(`  in clear ${c.server} ${c.field}: ${c.reason}, which import leaves in mcp.json`);
          ctx.output.out(`          store it with \`connected-services secrets set NAME\` and write \${secret:NAME} in its place (its path or query), or give it as a header if the service takes one`);
        }
        ctx.output.out(`${report.added.length} added, ${report.skipped.length} skipped.`);
        if (report.added.length > 0) ctx.output.out('Imported commands need your approval before they run: see `connected-services servers list`.');
      }),
    );
}
