import type { specTypeSchemas as SpecTypeSchemas, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { cutText, terminalSafe } from '../../shared/text';
import { isTooDeepItem, MAX_LISTING_DEPTH } from './listing-depth';

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** Items one log line names (each cut to MAX_NAME), the rest counted. */
const SHOWN = 5;
const MAX_NAME = 64;

/** Each list's result and item spec types (MCP 2025-11-25 schema: ListToolsResult, Tool, …). */
const SHAPES = {
  'tools/list': { page: 'ListToolsResult', item: 'Tool', noun: 'tool' },
  'resources/list': { page: 'ListResourcesResult', item: 'Resource', noun: 'resource' },
  'resources/templates/list': { page: 'ListResourceTemplatesResult', item: 'ResourceTemplate', noun: 'resource template' },
  'prompts/list': { page: 'ListPromptsResult', item: 'Prompt', noun: 'prompt' },
} as const;

/** An item the MCP schema refuses: where it was, its name when it has one, the first issue. */
export interface RefusedItem {
  at: string;
  name: string | undefined;
  issue: string;
}

type Issues = ReadonlyArray<StandardSchemaV1.Issue>;

/** An issue's path as JSON can hold it: indexes as numbers, keys (a server's own, in a record) as text. */
function pathKeys(issue: StandardSchemaV1.Issue): (string | number)[] {
  return (issue.path ?? []).map((part) => (typeof part === 'object' ? part.key : part)).map((key) => (typeof key === 'number' ? key : String(key)));
}

/** The first issue in one line: `inputSchema: Invalid input: expected object, received string`. */
function firstIssue(issues: Issues): string {
  const [first] = issues;
  if (!first) return 'refused';
  const path = pathKeys(first).map(String).join('.');
  return `${path ? `${path}: ` : ''}${cutText(first.message, 200)}`;
}

/** An item's name when it has one of text. */
function nameOf(item: unknown): string | undefined {
  const name: unknown = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** Why an item nested past MAX_LISTING_DEPTH is left out: for a tool, its schemas are what nest. */
function tooDeepIssue(method: ListMethod): string {
  return `${method === 'tools/list' ? 'its schema nests' : 'nests'} deeper than ${MAX_LISTING_DEPTH} levels`;
}

/**
 * Whether `item` (at `at` in the listing) nests past MAX_LISTING_DEPTH, put in `refused` when it
 * does: the MCP schema's check of it recurses as deep as it nests, so it is told before any check.
 */
export function refusedForDepth(method: ListMethod, item: unknown, at: string, refused: RefusedItem[]): boolean {
  if (!isTooDeepItem(item)) return false;
  refused.push({ at, name: nameOf(item), issue: tooDeepIssue(method) });
  return true;
}

/**
 * A page's issues as one, whose message is zod's JSON of them, as the SDK's own check words it
 * (`Invalid result for <method>: <issues>`), so invalid-result.ts names the first.
 */
function pageIssues(issues: Issues): Issues {
  return [{ message: JSON.stringify(issues.map((issue) => ({ path: pathKeys(issue), message: issue.message }))) }];
}

/**
 * The result schema for one page of a list, for `client.request()`: the page's own fields checked
 * as the MCP schema checks them, and each item on its own, so one item the schema refuses (a tool
 * whose inputSchema is a string) is left out and put in `refused` instead of failing the page, and
 * with it every other tool of that server. One schema walks one listing, page after page. The 2026-07-28 era's codec checks the whole page before
 * any result schema, so there a refused item still fails the page.
 */
export function itemByItemPage(schemas: typeof SpecTypeSchemas, method: ListMethod, key: string, refused: RefusedItem[]): StandardSchemaV1<unknown, Record<string, unknown>> {
  const shape = SHAPES[method];
  const pageSchema = schemas[shape.page]['~standard'];
  const itemSchema = schemas[shape.item]['~standard'];
  // Items on the pages before this one: a refused item's place is in the whole listing.
  let before = 0;
  return {
    '~standard': {
      version: 1,
      vendor: 'connected-services',
      validate: (value: unknown): StandardSchemaV1.Result<Record<string, unknown>> => {
        const items: unknown = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
        if (!Array.isArray(items)) {
          const whole = pageSchema.validate(value);
          return whole.issues ? { issues: pageIssues(whole.issues) } : { issues: [{ message: `${key} is not a list` }] };
        }
        const page = pageSchema.validate({ ...(value as Record<string, unknown>), [key]: [] });
        if (page.issues) return { issues: pageIssues(page.issues) };
        const kept: unknown[] = [];
        for (const [index, item] of items.entries()) {
          const at = `${key}[${before + index}]`;
          if (refusedForDepth(method, item, at, refused)) continue;
          const checked = itemSchema.validate(item);
          if (!checked.issues) kept.push(checked.value);
          else refused.push({ at, name: nameOf(item), issue: firstIssue(checked.issues) });
        }
        before += items.length;
        return { value: { ...(page.value as Record<string, unknown>), [key]: kept } };
      },
    },
  };
}

/** One log line for a listing's refused items (by the MCP schema or for their depth), or none; escaped, as a name or a key in a path is the server's text. */
export function refusedLine(server: string, method: ListMethod, refused: readonly RefusedItem[]): string | undefined {
  if (refused.length === 0) return undefined;
  const named = refused.slice(0, SHOWN).map((item) => `${item.name === undefined ? item.at : JSON.stringify(cutText(item.name, MAX_NAME))} (${item.issue})`);
  const more = refused.length > SHOWN ? ` and ${refused.length - SHOWN} more` : '';
  return terminalSafe(`[${server}] lists ${SHAPES[method].noun}s the MCP schema refuses, left out: ${named.join(', ')}${more}`);
}
