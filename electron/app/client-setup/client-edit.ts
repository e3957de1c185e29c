import { parse, visit, type Node, type ParseError } from 'jsonc-parser';
import { CodedError } from '../../../shared/errors';
import type { ClientEntry } from '../../bridge';
import { appendItem, removeMember, setMember, type Layout } from './json-insert';
import { opensObject, shallowTree } from './json-outline';
import { isStrictJson } from './json-strict';
import { jsonErrorPlace } from './json-error-place';

/** How the file is indented now, so our lines look like the person's. */
function layoutOf(text: string): Layout {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { unit: '\t', eol };
  return { unit: ' '.repeat(indent !== undefined ? Math.min(indent.length, 8) : 2), eol };
}

const INVALID_HINT = 'Fix the file (the client cannot read it either), then try again';

function refuseInvalid(text: string, jsonc: boolean, file: string): never {
  const errors: ParseError[] = [];
  // Only to say where it is wrong: the value built here is dropped.
  parse(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc });
  const first = errors[0];
  if (first !== undefined) {
    throw new CodedError('invalid_config', `${file} is not valid ${jsonc ? 'JSON with comments' : 'JSON'} at ${jsonErrorPlace(text, first, jsonc)}`, { hint: INVALID_HINT });
  }
  throw new CodedError('invalid_config', `${file} is not valid JSON`, { hint: INVALID_HINT });
}

function notAnObject(file: string): CodedError {
  return new CodedError('invalid_config', `${file} does not hold a JSON object`, { hint: 'Fix the file, then try again' });
}

/**
 * Refuses a file that is not valid JSON (JSONC where the client reads it) holding an object, without
 * building its value: a busy `~/.claude.json` parsed in full takes several times its own size in
 * memory (every project's history as objects).
 */
function checkClientConfig(text: string, jsonc: boolean, file: string): void {
  if (text.trim() === '') return;
  const valid = jsonc ? jsoncValid(text) : isStrictJson(text);
  if (!valid) refuseInvalid(text, jsonc, file);
  if (!opensObject(text)) throw notAnObject(file);
}

function jsoncValid(text: string): boolean {
  let valid = true;
  visit(text, { onError: () => (valid = false) }, { allowTrailingComma: true, disallowComments: false });
  return valid;
}

/** The value of the top-level member `key` (the last, as a client reads it), parsed from its own text alone. */
function memberOf(text: string, key: string, jsonc: boolean): unknown {
  const members = keysNamed(shallowTree(text, undefined), key);
  const node = members[members.length - 1];
  if (node === undefined) return undefined;
  const own = text.slice(node.offset, node.offset + node.length);
  return jsonc ? parse(own, [], { allowTrailingComma: true, disallowComments: false }) : JSON.parse(own);
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

function inputIndex(inputs: unknown, id: string): number {
  if (!Array.isArray(inputs)) return -1;
  return inputs.findIndex((item: unknown) => item !== null && typeof item === 'object' && (item as { id?: unknown }).id === id);
}

/** The text with our entry (and VS Code's input) set, everything else byte for byte as it was. */
export function withEntry(text: string, name: string, planned: ClientEntry, jsonc: boolean, file: string): string {
  const base = text.trim() === '' ? '{}\n' : text;
  checkClientConfig(base, jsonc, file);
  refuseTwice(base, planned.container, name, file);
  const layout = layoutOf(base);
  const container = memberOf(base, planned.container, jsonc);
  if (container !== undefined && (container === null || typeof container !== 'object' || Array.isArray(container))) {
    throw new CodedError('invalid_config', `"${planned.container}" in ${file} is not an object`, { hint: 'Fix the file, then try again' });
  }
  let out = setMember(base, [planned.container, name], planned.entry, layout);
  if (planned.input !== undefined) {
    const index = inputIndex(memberOf(out, 'inputs', jsonc), planned.input.id);
    out = index >= 0 ? setMember(out, ['inputs', index], planned.input, layout) : appendItem(out, ['inputs'], planned.input, layout);
  }
  return out;
}

/** The text without our entry (and VS Code's input); unchanged when neither is there. */
export function withoutEntry(text: string, container: ClientEntry['container'], name: string, inputId: string | undefined, jsonc: boolean, file: string): string {
  if (text.trim() === '') return text;
  checkClientConfig(text, jsonc, file);
  refuseTwice(text, container, name, file);
  let out = text;
  const servers = memberOf(text, container, jsonc);
  if (servers !== null && typeof servers === 'object' && !Array.isArray(servers) && Object.hasOwn(servers, name)) {
    out = removeMember(out, [container, name]);
  }
  if (inputId !== undefined) {
    const index = inputIndex(memberOf(out, 'inputs', jsonc), inputId);
    if (index >= 0) out = removeMember(out, ['inputs', index]);
  }
  return out;
}

/** Names of the servers the file holds under `container`. */
export function entryNames(text: string | undefined, container: ClientEntry['container'], jsonc: boolean, file: string): string[] {
  if (text === undefined) return [];
  if (text.trim() === '') return [];
  checkClientConfig(text, jsonc, file);
  const servers = memberOf(text, container, jsonc);
  return servers !== null && typeof servers === 'object' && !Array.isArray(servers) ? Object.keys(servers) : [];
}

/**
 * The value of the server `name` under `container`, found as `entryNames` finds names: the file
 * checked without building its value, only the container's own text parsed.
 */
export function entryIn(text: string | undefined, container: ClientEntry['container'], name: string, jsonc: boolean, file: string): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  checkClientConfig(text, jsonc, file);
  const servers = memberOf(text, container, jsonc);
  return servers !== null && typeof servers === 'object' && !Array.isArray(servers) && Object.hasOwn(servers, name) ? (servers as Record<string, unknown>)[name] : undefined;
}
