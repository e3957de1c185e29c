import { parse, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { CodedError } from '../../../shared/errors';
import type { ClientEntry } from '../../bridge';
import { appendItem, removeMember, setMember, type Layout } from './json-insert';
import { shallowTree } from './json-outline';

/** How the file is indented now, so our lines look like the person's. */
function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { unit: '\t', eol };
  return { unit: ' '.repeat(indent !== undefined ? Math.min(indent.length, 8) : 2), eol };
}

/** The file's top-level object; JSONC (comments, trailing commas) only where the client reads it. */
export function parseClientConfig(text: string, jsonc: boolean, file: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  // Plain JSON is parsed natively (a busy `~/.claude.json` in a second, not several); jsonc-parser only says where it is wrong.
  if (!jsonc) {
    try {
      return objectIn(JSON.parse(text), file);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc });
  const first = errors[0];
  if (first !== undefined) {
    throw new CodedError('invalid_config', `${file} is not valid ${jsonc ? 'JSON with comments' : 'JSON'} (${printParseErrorCode(first.error)} at offset ${first.offset})`, {
      hint: 'Fix the file (the client cannot read it either), then try again',
    });
  }
  if (!jsonc) throw new CodedError('invalid_config', `${file} is not valid JSON`, { hint: 'Fix the file (the client cannot read it either), then try again' });
  return objectIn(value, file);
}

function objectIn(value: unknown, file: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CodedError('invalid_config', `${file} does not hold a JSON object`, { hint: 'Fix the file, then try again' });
  }
  return value as Record<string, unknown>;
}

function keysNamed(object: Node | undefined, key: string): Node[] {
  if (object?.type !== 'object') return [];
  return (object.children ?? []).filter((property) => property.children?.[0]?.value === key).map((property) => property.children?.[1]).filter((value): value is Node => value !== undefined);
}

/**
 * A key written twice (`"mcpServers"` at the top, or our entry inside it) is refused: a client reads
 * the last one, an edit would change the first (an entry it never sees; a token left behind after a
 * disconnect).
 */
function refuseTwice(text: string, container: string, name: string, file: string): void {
  const containers = keysNamed(shallowTree(text, container), container);
  const twice = containers.length > 1 ? container : containers.some((servers) => keysNamed(servers, name).length > 1) ? name : undefined;
  if (twice !== undefined) {
    throw new CodedError('invalid_config', `${file} names "${twice}" more than once; the client reads only the last, so it is not changed`, {
      hint: 'Keep one of them in the file, then try again',
    });
  }
}

function inputIndex(config: Record<string, unknown>, id: string): number {
  const inputs = config['inputs'];
  if (!Array.isArray(inputs)) return -1;
  return inputs.findIndex((item: unknown) => item !== null && typeof item === 'object' && (item as { id?: unknown }).id === id);
}

/** The text with our entry (and VS Code's input) set, everything else byte for byte as it was. */
export function withEntry(text: string, name: string, planned: ClientEntry, jsonc: boolean, file: string): string {
  const base = text.trim() === '' ? '{}\n' : text;
  const config = parseClientConfig(base, jsonc, file);
  refuseTwice(base, planned.container, name, file);
  const layout = layoutOf(base);
  const container = config[planned.container];
  if (container !== undefined && (container === null || typeof container !== 'object' || Array.isArray(container))) {
    throw new CodedError('invalid_config', `"${planned.container}" in ${file} is not an object`, { hint: 'Fix the file, then try again' });
  }
  let out = setMember(base, [planned.container, name], planned.entry, layout);
  if (planned.input !== undefined) {
    const index = inputIndex(parseClientConfig(out, jsonc, file), planned.input.id);
    out = index >= 0 ? setMember(out, ['inputs', index], planned.input, layout) : appendItem(out, ['inputs'], planned.input, layout);
  }
  return out;
}

/** The text without our entry (and VS Code's input); unchanged when neither is there. */
export function withoutEntry(text: string, container: ClientEntry['container'], name: string, inputId: string | undefined, jsonc: boolean, file: string): string {
  if (text.trim() === '') return text;
  const config = parseClientConfig(text, jsonc, file);
  refuseTwice(text, container, name, file);
  let out = text;
  const servers = config[container];
  if (servers !== null && typeof servers === 'object' && !Array.isArray(servers) && Object.hasOwn(servers, name)) {
    out = removeMember(out, [container, name]);
  }
  if (inputId !== undefined) {
    const index = inputIndex(parseClientConfig(out, jsonc, file), inputId);
    if (index >= 0) out = removeMember(out, ['inputs', index]);
  }
  return out;
}

/** Names of the servers the file holds under `container`. */
export function entryNames(text: string | undefined, container: ClientEntry['container'], jsonc: boolean, file: string): string[] {
  if (text === undefined) return [];
  const servers = parseClientConfig(text, jsonc, file)[container];
  return servers !== null && typeof servers === 'object' && !Array.isArray(servers) ? Object.keys(servers) : [];
}
