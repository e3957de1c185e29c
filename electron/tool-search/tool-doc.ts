import { terms } from './tokens';

/** A tool as the search sees it: its own words, by field. */
export interface ToolDoc {
  /** The bridge name: unique in an index. */
  id: string;
  server: string;
  /** The tool's own name on its server. */
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: unknown;
  /** The server's own words about itself (its instructions or description), when it gave any. */
  serverDescription?: string | undefined;
}

/** `about`: the server's description, apart from its name so a long one does not dilute the name. */
export const FIELDS = ['name', 'title', 'description', 'params', 'server', 'about'] as const;
export type Field = (typeof FIELDS)[number];

/** Walks at most this many schema properties, this deep: a server controls its schemas. */
const MAX_PROPERTIES = 200;
const MAX_DEPTH = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parameter names and descriptions, nested objects and array items included. */
export function parameterText(schema: unknown): string {
  const parts: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > MAX_DEPTH || parts.length >= MAX_PROPERTIES * 2) return;
    const properties = node['properties'];
    if (isRecord(properties)) {
      for (const [key, value] of Object.entries(properties)) {
        if (parts.length >= MAX_PROPERTIES * 2) break;
        parts.push(key);
        if (isRecord(value) && typeof value['description'] === 'string') parts.push(value['description']);
        walk(value, depth + 1);
      }
    }
    if (isRecord(node['items'])) walk(node['items'], depth + 1);
  };
  walk(schema, 0);
  return parts.join(' ');
}

/** A tool's terms by field. */
export function fieldTerms(doc: ToolDoc): Record<Field, string[]> {
  return {
    name: terms(doc.name),
    title: terms(doc.title ?? ''),
    description: terms(doc.description ?? ''),
    params: terms(parameterText(doc.inputSchema)),
    server: terms(doc.server),
    about: terms(doc.serverDescription ?? ''),
  };
}
