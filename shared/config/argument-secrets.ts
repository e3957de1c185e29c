import { findReferences } from '../vault';
import { isStdio, type ServerConfig } from './schema';
import { findTokenPlaceholders } from './stdio-credential';

/**
 * The secrets an entry writes into its program's command line (`${secret:…}` and `${token…}` in
 * `args`): every account on the computer can read a process's arguments (ps, /proc/PID/cmdline),
 * while its environment and a file given by path (`${secretFile:…}`) stay the user's own.
 */
export function secretsInArguments(config: ServerConfig): string[] {
  if (!isStdio(config)) return [];
  const found = new Set<string>();
  for (const arg of config.args ?? []) {
    try {
      for (const ref of findReferences(arg)) if (ref.kind === 'secret') found.add(ref.text);
    } catch {
      // A broken reference is the reference checks' to name.
    }
    for (const placeholder of findTokenPlaceholders(arg)) found.add(placeholder.text);
  }
  return [...found];
}

/** What to tell the person about those secrets, and what to do instead. */
export function argumentSecretsWarning(refs: readonly string[]): string {
  const them = refs.length === 1 ? 'it' : 'them';
  return `${refs.join(', ')} ${refs.length === 1 ? 'goes' : 'go'} into the program's command line, which every account on this computer can read (ps): pass ${them} in "env" if the program reads ${them} there, or as a file path with \${secretFile:NAME}`;
}
