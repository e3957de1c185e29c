import { resolve } from 'node:path';
import type { Command } from 'commander';
import { IMPORT_SOURCES, ImportSourceSchema } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { printJson } from '../output';
import type { Run } from '../runner';

export function registerImport(program: Command, run: Run): void {
  program
    .command('import <source>')
    .description(`import servers from another client (${IMPORT_SOURCES.join(', ')}) without overwriting yours`)
    .option('--path <file>', 'read this config file instead of the usual location')
    .option('--json', 'print JSON')
    .action((source: string, options: { path?: string; json?: boolean }) =>
      run(async (ctx) => {
        const parsed = ImportSourceSchema.safeParse(source);
        if (!parsed.success) throw new CodedError('invalid_input', `Unknown source "${source}"; use one of: ${IMPORT_SOURCES.join(', ')}`);
        // Absolute: the running app, which may do the import, has a working folder of its own.
        const report = await (await ctx.core()).api.importConfig({ source: parsed.data, ...(options.path ? { path: resolve(options.path) } : {}) });
        if (options.json) return printJson(ctx.output, report);
        ctx.output.out(`Read ${report.files.join(', ') || 'nothing'}`);
        for (const a of report.added) ctx.output.out(`  added   ${a.name}  (from ${a.from})`);
        for (const s of report.skipped) ctx.output.out(`  skipped ${s.name}: ${s.reason}`);
        for (const m of report.secrets) ctx.output.out(`  moved   ${m.server} ${m.field} into the vault as \${secret:${m.secret}}`);
        ctx.output.out(`${report.added.length} added, ${report.skipped.length} skipped.`);
        if (report.added.length > 0) ctx.output.out('Imported commands need your approval before they run: see `connected-services servers list`.');
      }),
    );
}
