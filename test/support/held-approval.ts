import { runCli } from './cli';
import { eventually } from './serve';

/** The one call waiting with a reason (a `WARNING` line of `approvals list`): its id and the listing. */
export async function heldApproval(home: string, env: Record<string, string> = {}): Promise<{ id: string; stdout: string }> {
  const listed = await eventually(async () => {
    const run = await runCli(home, ['approvals', 'list'], { env });
    return run.stdout.includes('WARNING') ? run : undefined;
  }, 30_000);
  return { id: /^([0-9a-f]+) WARNING/m.exec(listed.stdout)?.[1] ?? '', stdout: listed.stdout };
}
