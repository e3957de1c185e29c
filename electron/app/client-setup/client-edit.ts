import { applyEdits, modify, parse, printParseErrorCode, type FormattingOptions, type ParseError } from 'jsonc-parser';
import { CodedError } from '../../../shared/errors';
import type { ClientEntry } from '../../bridge';

/** How the file is indented now, so our lines look like the person's. */
function formatting(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent !== undefined ? Math.min(indent.length, 8) : 2, eol };
}

/** The file's top-level object; JSONC (comments, trailing commas) only where the client reads it. */
export function parseClientConfig(text: string, jsonc: boolean, file: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: jsonc, disallowComments: !jsonc });
  const first = errors[0];
  if (first !== undefined) {
    throw new CodedError('invalid_config', `${file} is not valid ${jsonc ? 'JSON with comments' : 'JSON'} (${printParseErrorCode(first.error)} at offset ${first.offset})`, {
      hint: 'Fix the file (the client cannot read it either), then try again',
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CodedError('invalid_config', `${file} does not hold a JSON object`, { hint: 'Fix the file, then try again' });
  }
  return value as Record<string, unknown>;
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
  const formattingOptions = formatting(base);
  const container = config[planned.container];
  if (container !== undefined && (container === null || typeof container !== 'object' || Array.isArray(container))) {
    throw new CodedError('invalid_config', `"${planned.container}" in ${file} is not an object`, { hint: 'Fix the file, then try again' });
  }
  let out = applyEdits(base, modify(base, [planned.container, name], planned.entry, { formattingOptions }));
  if (planned.input !== undefined) {
    const index = inputIndex(parseClientConfig(out, jsonc, file), planned.input.id);
    const inputs = parseClientConfig(out, jsonc, file)['inputs'];
    const edits =
      index >= 0
        ? modify(out, ['inputs', index], planned.input, { formattingOptions })
        : Array.isArray(inputs)
          ? modify(out, ['inputs', inputs.length], planned.input, { formattingOptions, isArrayInsertion: true })
          : modify(out, ['inputs'], [planned.input], { formattingOptions });
    out = applyEdits(out, edits);
  }
  return out;
}

/** The text without our entry (and VS Code's input); unchanged when neither is there. */
export function withoutEntry(text: string, container: ClientEntry['container'], name: string, inputId: string | undefined, jsonc: boolean, file: string): string {
  if (text.trim() === '') return text;
  const config = parseClientConfig(text, jsonc, file);
  const formattingOptions = formatting(text);
  let out = text;
  const servers = config[container];
  if (servers !== null && typeof servers === 'object' && !Array.isArray(servers) && name in servers) {
    out = applyEdits(out, modify(out, [container, name], undefined, { formattingOptions }));
  }
  if (inputId !== undefined) {
    const index = inputIndex(parseClientConfig(out, jsonc, file), inputId);
    if (index >= 0) out = applyEdits(out, modify(out, ['inputs', index], undefined, { formattingOptions }));
  }
  return out;
}

/** Names of the servers the file holds under `container`. */
export function entryNames(text: string | undefined, container: ClientEntry['container'], jsonc: boolean, file: string): string[] {
  if (text === undefined) return [];
  const servers = parseClientConfig(text, jsonc, file)[container];
  return servers !== null && typeof servers === 'object' && !Array.isArray(servers) ? Object.keys(servers) : [];
}
