import { dirname, basename } from 'node:path';
import type { AgentStore } from '../../bridge';
import { watchDirectory } from '../../registry';

/**
 * agents.json is written by other processes too (a command run while no app answered, a program's own
 * core, a hand edit): the store reads it again when it changes, so the app's agent list and its
 * `agentsChanged` event follow at once, not at the next token checked. Watched as mcp.json is (its
 * folder: an atomic write replaces the file); the store's stamp decides whether anything changed.
 */
export function watchAgentsFile(agents: AgentStore, log: (line: string) => void, debounceMs = 150): () => void {
  const watcher = watchDirectory({
    dir: dirname(agents.file),
    names: [basename(agents.file)],
    debounceMs,
    log,
    onChange: () => agents.recheck(),
  });
  return () => watcher.close();
}
