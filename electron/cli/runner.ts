import { toCodedError } from '../../shared/errors';
import { createContext, type CliContext, type GlobalOptions } from './context';
import { EXIT_CODES } from './exit-codes';
import { DATA_DIR_ENV } from '../data-dir';
import { prepareHomeFolder } from '../registry';
import { printError, type Output } from './output';

export type Action = (ctx: CliContext) => Promise<number | void>;
export type Run = (action: Action) => Promise<void>;

/**
 * Runs one command (its global options, `--home`, as commander or serve's own parser read them): opens what it needs, turns any failure into a coded message and exit code
 * (never a stack trace for a user mistake), and closes everything it opened.
 */
export function createRunner(globalsOf: () => GlobalOptions, output: Output, env: Record<string, string | undefined>): Run {
  return async (action) => {
    const globals = globalsOf();
    const json = process.argv.includes('--json');
    const ctx = createContext(globals, output, env);
    try {
      const fromEnv = env[DATA_DIR_ENV]?.trim();
      if (globals.home !== undefined) prepareHomeFolder(globals.home, (line) => output.err(line));
      else if (fromEnv) prepareHomeFolder(fromEnv, (line) => output.err(line), DATA_DIR_ENV);
      const code: unknown = await action(ctx);
      // `void` actions may still return a value (a `return output.out(…)`): only a number is an exit code.
      process.exitCode = typeof code === 'number' ? code : 0;
    } catch (error) {
      const coded = toCodedError(error);
      printError(output, coded, json);
      if (coded.code === 'internal' && env['CONNECTED_SERVICES_DEBUG'] && error instanceof Error && error.stack) output.err(error.stack);
      process.exitCode = EXIT_CODES[coded.code];
    } finally {
      // Closing must not turn into an uncaught stack trace either; the command's own error comes first.
      await ctx.close().catch((error: unknown) => {
        const coded = toCodedError(error);
        if (process.exitCode === 0) {
          printError(output, coded, json);
          process.exitCode = EXIT_CODES[coded.code];
        }
      });
    }
  };
}
