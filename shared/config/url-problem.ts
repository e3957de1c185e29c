import { cutMiddle } from '../text';

/** host[:port] before the first / ? or #: an address written without its scheme (`notes.example.com/mcp`, `localhost:3000/mcp`). */
const SCHEMELESS = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?(?:[/?#]|$)/i;
/** The port of an http(s) URL, as written (WHATWG URL refuses one above 65535). */
const WRITTEN_PORT = /^https?:\/\/(?:\[[^\]/?#]*\]|[^/?#:]*):(\d+)(?:[/?#]|$)/i;
/** How much of the person's URL a problem repeats. */
const ECHOED_CHARS = 200;
const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3})(?:[:/?#]|$)/i;

/** A path as typed: `./srv.js`, `../x`, `/opt/srv`, `~/bin/srv`, `C:\\srv` (not `//host`, a scheme-relative address). */
const PATH_START = /^(?:\.{1,2}[/\\]|~[/\\]|\/(?!\/)|\\|[a-z]:(?:\\|\/(?!\/)))/i;
/** A program's or a config file's ending (`.sh` and `.py` are top-level domains too: the words say how an address starts as well). */
const FILE_NAME = /\.(?:json|jsonc|js|mjs|cjs|ts|mts|cts|py|pyz|sh|bash|zsh|exe|bat|cmd|ps1|jar|rb|php|ya?ml|toml)$/i;

/** `mcp.json`, `run.sh`, `build/index.js`, `./srv.js`: a file written where an address goes; `example.com/x.json` is an address. */
function looksLikeFile(input: string): boolean {
  if (PATH_START.test(input)) return true;
  if (/[:?#\s]/.test(input) || LOCAL_HOST.test(input)) return false;
  const [first = '', ...rest] = input.split('/');
  return FILE_NAME.test(rest.at(-1) ?? first) && (rest.length === 0 || !first.includes('.'));
}

/** What to write instead of a URL without a scheme, or undefined when it is not one. */
export function withScheme(input: string): string | undefined {
  if (input.includes('://') || !SCHEMELESS.test(input)) return undefined;
  // Plain http only to this computer (clear-text-url.ts); everywhere else the secret needs TLS.
  const whole = `${LOCAL_HOST.test(input) ? 'http' : 'https'}://${input}`;
  return URL.canParse(whole) ? whole : undefined;
}

/** Said, in every place an entry's URL is checked, of a file written where an address goes. */
export const LOOKS_LIKE_FILE = 'looks like a file, not an address: a program to run is given as a command, not a URL';

/** A URL that does not parse (`http://[::1`) is said to be one, not to have the wrong scheme; a missing scheme or a port out of range says what to write. */
export function urlProblem(input: unknown): string {
  if (typeof input !== 'string') return 'must be an http:// or https:// URL';
  // The origin is where a secret goes: it is written out, never filled in.
  if (/^[^/]*\/\/[^/?#]*\$\{/.test(input)) return 'may hold a ${…} reference only in its path or query, not in its host or port (where a secret is sent is written out)';
  const whole = withScheme(input);
  // A file is no host to add https:// to: a program is given as a command line, not as a URL. `bun.sh` may be a host all the same.
  if (looksLikeFile(input)) return `${LOOKS_LIKE_FILE}; ${whole !== undefined && !/[/\\]/.test(input) ? `if it is a host, write ${cutMiddle(whole, ECHOED_CHARS)}` : 'an address starts with https://'}`;
  // The person's own text is echoed cut: every problem of the file is said at once, in the app and the terminal.
  if (whole !== undefined) return `has no scheme: add it, as in ${cutMiddle(whole, ECHOED_CHARS)}`;
  const port = WRITTEN_PORT.exec(input)?.[1];
  if (port !== undefined && Number(port) > 65_535) return `has port ${cutMiddle(port, 12)}: a port is a number from 1 to 65535`;
  if (!URL.canParse(input)) return 'is not a whole URL (a bracket, a part or a character is missing or wrong), e.g. https://example.com/mcp';
  return 'must be an http:// or https:// URL';
}

/**
 * Whitespace in an address, said rather than mended: URL parsing keeps a space in a path as %20 and
 * drops a tab, a line break and the ends (WHATWG URL §4.4), so `https://x/my mcp` copied from prose
 * would be taken quietly. Undefined when there is none.
 */
export function urlSpaceProblem(input: string): string | undefined {
  // Prose that is no address at all (`not a url`) is said to be no whole URL instead.
  if (!/\s/.test(input) || !/^\s*https?:\/\//i.test(input)) return undefined;
  const encoded = input.trim().replace(/\s/g, (space) => encodeURIComponent(space));
  const hint = URL.canParse(encoded) ? `: did you mean ${cutMiddle(encoded, ECHOED_CHARS)}?` : ': remove it, or write a space inside the path as %20';
  return `has a space or line break in it, and an address has none${hint}`;
}

/** Said for port 0 as for one above 65535. */
export const ZERO_PORT = 'has port 0: a port is a number from 1 to 65535';

/**
 * Whether an http(s) URL names port 0: WHATWG URL takes it, yet no server can listen there (RFC 6335
 * §6 reserves it), so a connection could never be made.
 */
export function hasZeroPort(input: string): boolean {
  if (!URL.canParse(input)) return false;
  const url = new URL(input);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.port === '0';
}
