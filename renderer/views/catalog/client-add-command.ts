import type { SplitCommandLine } from '../../../shared/config';

/**
 * The commands other clients' READMEs give to add a server, which people paste as they find them:
 * `claude mcp add`, `codex mcp add`, `gemini mcp add` (name, options, then the command after `--` or
 * the address) and `claude mcp add-json NAME JSON`. Run as a service, such a line would run the
 * client itself (and change its configuration); read here, it is the server it adds.
 */
const CLIENTS: Readonly<Record<string, string>> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };

/** Options of those commands that take a value (`-e KEY=value`, `--scope user`); every other option is a flag. */
const VALUE_OPTIONS = new Set([
  '-t', '--transport', '-e', '--env', '-H', '--header', '-s', '--scope', '--url', '--bearer-token-env-var',
  '--timeout', '--description', '--include-tools', '--exclude-tools', '--client-id', '--callback-port',
]);

/** What such a command adds: an entry as the client would write it (JSON), its name, and what was left out. */
export interface ClientAddCommand {
  /** The client's name in words ("Claude Code"). */
  client: string;
  /** The program as typed (`claude`), for the person's note. */
  program: string;
  name: string | undefined;
  /** The entry as JSON text, for the pasted-entry reader that checks it like mcp.json; undefined when the line names no command or address. */
  entryJson: string | undefined;
  warnings: string[];
}

/** `--opt=value` or `--opt value`: the option, its value, and how many words it took. */
function optionAt(args: readonly string[], at: number): { option: string; value: string | undefined; used: number } {
  const word = args[at] ?? '';
  const eq = word.startsWith('--') ? word.indexOf('=') : -1;
  if (eq > 0) return { option: word.slice(0, eq), value: word.slice(eq + 1), used: 1 };
  if (VALUE_OPTIONS.has(word)) return { option: word, value: args[at + 1], used: 2 };
  return { option: word, value: undefined, used: 1 };
}

/** A header as `-H "Name: value"` gives it. */
function header(value: string): [string, string] | undefined {
  const colon = value.indexOf(':');
  return colon > 0 ? [value.slice(0, colon).trim(), value.slice(colon + 1).trim()] : undefined;
}

/** The line read as one of those commands, or undefined when it is not one. */
export function clientAddCommand(split: SplitCommandLine): ClientAddCommand | undefined {
  const program = split.command.split(/[\\/]/).pop() ?? '';
  const client = CLIENTS[program];
  const [group, verb, ...rest] = split.args;
  if (client === undefined || group !== 'mcp' || (verb !== 'add' && verb !== 'add-json')) return undefined;
  const warnings = [...split.warnings];
  if (Object.keys(split.env).length > 0) warnings.push(`${Object.keys(split.env).join(', ')} set before \`${program}\` were for ${client} itself and were left out`);
  if (verb === 'add-json') return { client, program, name: rest[0], entryJson: rest[1], warnings };

  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  const positional: string[] = [];
  let transport: string | undefined;
  let url: string | undefined;
  let description: string | undefined;
  let command: string[] | undefined;
  for (let at = 0; at < rest.length; ) {
    const word = rest[at] ?? '';
    if (word === '--') {
      command = rest.slice(at + 1);
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positional.push(word);
      at += 1;
      // The name, then a program: what follows is its own (`fs npx -y pkg`), as after `--`.
      if (positional.length === 2 && !/^https?:\/\//i.test(word) && url === undefined) {
        command = rest.slice(at - 1);
        positional.pop();
        break;
      }
      continue;
    }
    const { option, value, used } = optionAt(rest, at);
    at += used;
    if ((option === '-e' || option === '--env') && value?.includes('=') === true) env[value.slice(0, value.indexOf('='))] = value.slice(value.indexOf('=') + 1);
    else if ((option === '-H' || option === '--header') && value !== undefined && header(value)) {
      const [key, shown] = header(value) ?? ['', ''];
      headers[key] = shown;
    } else if (option === '-t' || option === '--transport') transport = value;
    else if (option === '--url') url = value;
    else if (option === '--description') description = value;
    else warnings.push(`\`${option}\` is ${client}'s own option and was left out`);
  }
  const [name, target, ...targetArgs] = positional;
  url ??= command === undefined && target !== undefined && /^https?:\/\//i.test(target) ? target : undefined;
  const remote = url !== undefined || transport === 'http' || transport === 'sse';
  const program_ = command?.[0] ?? target;
  url ??= remote ? program_ : undefined;
  if ((remote ? url : program_) === undefined) return { client, program, name, entryJson: undefined, warnings };
  if (remote && Object.keys(env).length > 0) warnings.push(`${Object.keys(env).join(', ')} (\`--env\`) is for a program; an address gets no environment, so it was left out`);
  if (!remote && Object.keys(headers).length > 0) warnings.push(`${Object.keys(headers).join(', ')} (\`--header\`) is for an address; a program gets no headers, so it was left out`);
  const entry: Record<string, unknown> = remote
    ? { type: transport === 'sse' ? 'sse' : 'http', url, ...(Object.keys(headers).length > 0 ? { headers } : {}) }
    : { command: program_, args: command?.slice(1) ?? targetArgs, ...(Object.keys(env).length > 0 ? { env } : {}) };
  if (description !== undefined) entry['description'] = description;
  return { client, program, name, entryJson: JSON.stringify(entry), warnings };
}
