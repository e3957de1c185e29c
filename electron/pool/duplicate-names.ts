import { cutText } from '../../shared/text';

/** Duplicate names one log line names (each cut to MAX_NAME), the rest counted. */
const SHOWN = 5;
const MAX_NAME = 64;

/**
 * The first item of each name, in order, none with an empty name: a name is how a call finds its tool, so a second tool of
 * the same name (a server bug; MCP server/tools: names are unique within a server) could never be
 * called. One `log` line per listing names the duplicates, quoted as JSON (control characters escaped).
 */
export function firstOfEachName<T extends { name: string }>(server: string, items: readonly T[], log: (line: string) => void): T[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const kept: T[] = [];
  let unnamed = 0;
  for (const item of items) {
    // MCP 2025-11-25 server/tools §Tool Names: 1 to 128 characters. An empty name is no name an agent can call or a person tell apart.
    if (item.name === '') unnamed++;
    else if (seen.has(item.name)) repeated.add(item.name);
    else {
      seen.add(item.name);
      kept.push(item);
    }
  }
  if (unnamed > 0) log(`[${server}] lists ${unnamed === 1 ? 'a tool' : `${unnamed} tools`} with an empty name; left out, as MCP names a tool with 1 to 128 characters`);
  if (repeated.size > 0) {
    const names = [...repeated].slice(0, SHOWN).map((name) => JSON.stringify(cutText(name, MAX_NAME)));
    const more = repeated.size > SHOWN ? ` and ${repeated.size - SHOWN} more` : '';
    log(`[${server}] lists more than one tool named ${names.join(', ')}${more}; only the first of each is kept`);
  }
  return kept;
}
