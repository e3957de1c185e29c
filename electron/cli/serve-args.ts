import { port, type ServeOptions } from './commands/serve';
import type { GlobalOptions } from './context';
import { OPEN_WITH } from './sign-in-opener';

export interface PlainServe {
  globals: GlobalOptions;
  options: ServeOptions;
}

/** Sets a serve option that takes a value; false when the value is not one commander would accept. */
function setValue(options: ServeOptions, name: string, value: string): boolean {
  try {
    if (name === '--port') options.port = port(value, name);
    else if (name === '--bridge-port') options.bridgePort = port(value, name);
    else if (name === '--open-with') options.openWith = OPEN_WITH(value);
    else return false;
    return true;
  } catch {
    return false;
  }
}

function setFlag(options: ServeOptions, name: string): boolean {
  if (name === '--json') options.json = true;
  else if (name === '--print-url') options.printUrl = true;
  else if (name === '--confirm-at-terminal') options.confirmAtTerminal = true;
  else if (name === '--ui-link') options.uiLink = true;
  else return false;
  return true;
}

/**
 * `[--home <dir>] serve [serve's options]`, read without commander, so starting `serve` loads neither
 * it nor the other commands (docs/how-it-is-built.md). Anything else (help, a version, an unknown or
 * malformed option, a port that is none) is undefined: commander reads and answers it as before.
 */
export function plainServe(args: readonly string[]): PlainServe | undefined {
  const globals: GlobalOptions = {};
  const options: ServeOptions = {};
  let serve = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!serve && arg === 'serve') {
      serve = true;
      continue;
    }
    if (!arg.startsWith('--')) return undefined;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (serve && inline === undefined && setFlag(options, name)) continue;
    const takesValue = serve ? name === '--port' || name === '--bridge-port' || name === '--open-with' : name === '--home';
    if (!takesValue) return undefined;
    const value = inline ?? args[++i];
    // An empty value or one that looks like an option: commander's to judge.
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    if (!serve) globals.home = value;
    else if (!setValue(options, name, value)) return undefined;
  }
  return serve ? { globals, options } : undefined;
}
