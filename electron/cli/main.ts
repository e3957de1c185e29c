import { serveAction } from './commands/serve';
import { consoleOutput, redactedOutput } from './output';
import { createRunner } from './runner';
import { plainServe } from './serve-args';

export async function main(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  const output = redactedOutput(consoleOutput);
  const plain = plainServe(argv.slice(2));
  if (plain) {
    await createRunner(() => plain.globals, output, env)(serveAction(plain.options));
    return;
  }
  // Commander and the other commands load only here: `serve` starts without them (docs/how-it-is-built.md).
  const { runProgram } = await import('./program');
  await runProgram(argv, env, output);
}

