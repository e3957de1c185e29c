import { stat } from 'node:fs/promises';
import { locateJsonError, type ServerConfig } from '../../shared/config';
import type { ImportReport, ImportSource } from '../../shared/api';
import { nestsDeeperThan } from '../../shared/collections';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure, readRegularFile } from '../fs-safe';
import { convertEntry } from './import-convert';
import { extractEntries, type FoundEntry } from './import-extract';
import { ownBridgeReason } from './import-own-bridge';
import { keysNamedTwice, pathKey } from './import-duplicates';
import {
  defaultImportFiles,
  importFilesInFolder,
  resolveImportPath,
  type ImportContext,
} from './import-locations';
import { parseJsonc } from './jsonc';
import { importNames } from './import-names';
import { importShapeProblem } from './import-shape';
import { unstorableSecretReason } from './import-unstorable-secrets';

export interface ImportCandidate {
  /** Our name for it (sanitized). */
  name: string;
  originalName: string;
  from: string;
  config: ServerConfig;
}

/** What an import would add, before it is merged with mcp.json. */
export interface ImportPlan {
  files: string[];
  candidates: ImportCandidate[];
  skipped: ImportReport['skipped'];
}

const SOURCE_TITLES: Record<ImportSource, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
};

async function filesToRead(source: ImportSource, explicit: string | undefined, ctx: ImportContext): Promise<string[]> {
  if (explicit === undefined) return defaultImportFiles(source, ctx);
  const target = resolveImportPath(explicit, ctx);
  try {
    const info = await stat(target);
    return info.isDirectory() ? importFilesInFolder(source, target, ctx.platform) : [target];
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') {
      throw new CodedError('not_found', `${target} does not exist.`, {
        hint: `Check the path of the ${SOURCE_TITLES[source]} config file (or leave it out to use the usual locations).`,
      });
    }
    throw fsFailure(error, 'read', target);
  }
}

/**
 * A config file is small; Claude Code's ~/.claude.json also keeps per-project history, so it gets
 * more room. Past the bound the file is refused before it is read (a 50 MB file took 16 s to parse).
 */
const MAX_IMPORT_BYTES: Record<ImportSource, number> = {
  'claude-desktop': 1024 * 1024,
  'claude-code': 32 * 1024 * 1024,
  cursor: 1024 * 1024,
  vscode: 1024 * 1024,
};

/** Deeper than any client's config nests (Claude Code's project history included): past it a file is refused whole. */
const MAX_IMPORT_DEPTH = 64;

function mib(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

/**
 * The file's text, or undefined when it isn't there (or is a folder); a file past the source's bound
 * is refused, and a pipe, socket or device is never opened for reading (it could block for ever).
 */
async function readIfPresent(file: string, source: ImportSource): Promise<string | undefined> {
  const maxBytes = MAX_IMPORT_BYTES[source];
  const read = await readRegularFile(file, maxBytes);
  if ('bytes' in read) return read.bytes.toString('utf8');
  switch (read.problem) {
    case 'empty':
      return '';
    case 'too_large':
      throw new CodedError('invalid_input', `${file} is larger than ${mib(maxBytes)}, more than a ${SOURCE_TITLES[source]} config holds.`, {
        hint: `Check that it is the ${SOURCE_TITLES[source]} config file (\`--path FILE\`).`,
      });
    case 'not_regular':
      if (await isFolder(file)) return undefined;
      throw new CodedError('invalid_input', `${file} is not a regular file (a pipe, socket or device is never read).`, {
        hint: `Give the ${SOURCE_TITLES[source]} config file itself (\`--path FILE\`).`,
      });
    case 'unreadable': {
      const code = errnoCode(read.cause);
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw fsFailure(read.cause, 'read', file);
    }
  }
}

async function isFolder(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isDirectory() ?? false;
}

/**
 * More servers than any person configures by hand: past it an import is refused whole, before
 * mcp.json is locked (15,000 entries held the lock for 41 s). The App API's declareServers takes 100.
 */
export const MAX_IMPORT_SERVERS = 1000;

/**
 * What a file naming a key twice loses: JSON.parse, like the clients, keeps only the last, so the
 * earlier one is never seen. Said once per key, on the entries of the object that was kept.
 */
function namedTwiceNotes(found: readonly FoundEntry[], twice: ReadonlySet<string>, file: string): ImportPlan['skipped'] {
  const notes: ImportPlan['skipped'] = [];
  const said = new Set<string>();
  for (const entry of found) {
    const key = pathKey([...entry.container, entry.name]);
    if (twice.has(key) && !said.has(key)) {
      said.add(key);
      notes.push({ name: entry.name, from: entry.from, reason: `named more than once in ${file}: the earlier ones were left out (the client reads only the last)` });
    }
    for (let depth = 1; depth <= entry.container.length; depth += 1) {
      const container = pathKey(entry.container.slice(0, depth));
      if (!twice.has(container) || said.has(container)) continue;
      said.add(container);
      const shown = entry.container.slice(0, depth).join('.');
      notes.push({ name: '*', from: file, reason: `"${shown}" is named more than once: the servers in the earlier ones were left out (the client reads only the last)` });
    }
  }
  return notes;
}

/** Reads another client's config files and decides, entry by entry, what could be imported. */
export async function planImport(source: ImportSource, explicit: string | undefined, ctx: ImportContext): Promise<ImportPlan> {
  const looked = await filesToRead(source, explicit, ctx);
  const plan: ImportPlan = { files: [], candidates: [], skipped: [] };
  const broken: string[] = [];
  // Named once every file is read: a file's own exact names go before renamed ones (import-names.ts).
  const importable: Array<{ found: FoundEntry; config: ServerConfig }> = [];

  for (const file of looked) {
    const text = await readIfPresent(file, source);
    if (text === undefined) continue;
    plan.files.push(file);
    if (text.trim() === '') {
      // Not "0 added": an empty file is most likely the wrong one, or one cut short.
      const reason = 'it is empty';
      broken.push(`${file}: ${reason}`);
      plan.skipped.push({ name: '*', from: file, reason });
      continue;
    }
    let raw: unknown;
    try {
      raw = parseJsonc(text);
    } catch {
      const reason = `could not read this file: ${locateJsonError(text)}`;
      broken.push(`${file}: ${reason}`);
      plan.skipped.push({ name: '*', from: file, reason });
      continue;
    }
    if (nestsDeeperThan(raw, MAX_IMPORT_DEPTH)) {
      // Walking it (entries, `${input:…}` prompts) would recurse until the stack ends.
      const reason = `it nests deeper than ${MAX_IMPORT_DEPTH} levels, more than any client's config does`;
      broken.push(`${file}: ${reason}`);
      plan.skipped.push({ name: '*', from: file, reason });
      continue;
    }
    const shape = importShapeProblem(source, raw);
    if (shape !== undefined) {
      broken.push(`${file}: ${shape}`);
      plan.skipped.push({ name: '*', from: file, reason: shape });
      continue;
    }
    const entries = extractEntries(source, raw, file);
    plan.skipped.push(...namedTwiceNotes(entries, keysNamedTwice(text), file));
    for (const found of entries) {
      const own = ownBridgeReason(found.name, found.entry, ctx.ownBridge ?? { ports: [] });
      if (own !== undefined) {
        plan.skipped.push({ name: found.name, from: found.from, reason: own });
        continue;
      }
      const converted = convertEntry(found.entry, source);
      if (!converted.ok) {
        plan.skipped.push({ name: found.name, from: found.from, reason: converted.reason });
        continue;
      }
      const unstorable = unstorableSecretReason(converted.config);
      if (unstorable !== undefined) {
        plan.skipped.push({ name: found.name, from: found.from, reason: unstorable });
        continue;
      }
      importable.push({ found, config: converted.config });
    }
  }
  const names = importNames(importable.map(({ found }) => found.name));
  const firstFrom = new Map<string, string>();
  importable.forEach(({ found, config }, at) => {
    const name = names[at];
    if (name === undefined) {
      plan.skipped.push({ name: found.name, from: found.from, reason: `a server named "${found.name}" was already imported from ${firstFrom.get(found.name) ?? 'an earlier entry'}` });
      return;
    }
    if (!firstFrom.has(name)) firstFrom.set(name, found.from);
    const from = name === found.name ? found.from : `${found.from} (renamed from "${found.name}")`;
    plan.candidates.push({ name, originalName: found.name, from, config });
  });

  if (plan.files.length === 0) {
    throw new CodedError('not_found', `No ${SOURCE_TITLES[source]} config found. Looked in: ${looked.join(', ')}.`, {
      hint: `If ${SOURCE_TITLES[source]} keeps its config elsewhere, give its path: \`connected-services import ${source} --path FILE\`.`,
      data: { source, looked },
    });
  }
  if (broken.length === plan.files.length) {
    throw new CodedError('invalid_config', `Could not read the ${SOURCE_TITLES[source]} config: ${broken.join('; ')}.`, {
      hint: 'Fix that file (or pass another one), then import again.',
      data: { source, files: plan.files },
    });
  }
  if (plan.candidates.length > MAX_IMPORT_SERVERS) {
    throw new CodedError('invalid_input', `${plan.files.join(', ')} name${plan.files.length === 1 ? 's' : ''} ${plan.candidates.length} servers, more than the ${MAX_IMPORT_SERVERS} one import takes; nothing was imported.`, {
      hint: `Check that it is the ${SOURCE_TITLES[source]} config file; mcp.json holds at most ${MAX_IMPORT_SERVERS} servers after an import.`,
      data: { source, files: plan.files, servers: plan.candidates.length, max: MAX_IMPORT_SERVERS },
    });
  }
  return plan;
}
