import type { Prompt, Resource, ResourceTemplateType as ResourceTemplate, Tool, UriTemplate } from '@modelcontextprotocol/server';
import { loadModernSdk, type ModernSdk } from './server-sdk';
import type { PromptInfo, ResourceInfo, ResourceTemplateInfo, ToolInfo } from '../../shared/api';
import { bridgeName, buildNameTable } from '../../shared/naming';
import { agentSafe } from '../../shared/text';
import { toBridgeAddress } from '../mcp-apps';
import type { Pool } from '../pool';
import type { Tier } from './agent-schema';
import { listedWithin } from './listing-bounds';
import { agentSafeSchema } from './schema-text';
import { toolTier } from './tool-tier';
import { markedUnavailable, unavailableOf, type Unavailable } from './unavailable';
import { outputSchemaJudge } from './output-schema-check';

export interface ToolEntry {
  server: string;
  info: ToolInfo;
  tier: Tier;
  /** As listed to agents: prefixed name, server in the description, annotations passed through; marked while its server is unavailable. */
  listed: Tool;
}

export interface PromptEntry {
  server: string;
  info: PromptInfo;
  listed: Prompt;
}

export interface ResourceView {
  resources: Array<{ server: string; listed: Resource }>;
  templates: Array<{ server: string; template: UriTemplate | undefined; listed: ResourceTemplate }>;
  /** Exact URI → servers offering it. */
  byUri: Map<string, string[]>;
}

/** A server's text as agents' clients print it (agentSafe): escapes, bidi overrides and stacked marks shown, not acted on. */
function described(server: string, description: string | undefined): string {
  return description === undefined || description === '' ? `[${server}]` : `[${server}] ${agentSafe(description)}`;
}

function listTool(name: string, info: ToolInfo): Tool {
  // The pool's SDK client validated these against the MCP schema; they pass through, their schemas'
  // titles and descriptions escaped as the tool's own (search_tools answers with these) before the size bound measures them.
  const tool: Tool = { name, description: described(info.server, info.description), inputSchema: agentSafeSchema({ ...info.inputSchema, type: 'object' }) };
  if (info.title !== undefined) tool.title = agentSafe(info.title);
  if (info.outputSchema !== undefined) tool.outputSchema = agentSafeSchema({ ...info.outputSchema, type: 'object' });
  if (info.annotations !== undefined) {
    tool.annotations = { ...info.annotations };
    if (info.annotations.title !== undefined) tool.annotations.title = agentSafe(info.annotations.title);
  }
  if (info.app !== undefined) tool._meta = appMeta(info.server, info.app);
  // A schema past the listing's bound is listed as its outline; calls still pass through unchanged.
  return listedWithin(tool);
}

/** A tool's MCP App as agents' hosts read it (SEP-1865), its `ui://` address with the server's name first. */
function appMeta(server: string, app: NonNullable<ToolInfo['app']>): Record<string, unknown> {
  const ui: Record<string, unknown> = { visibility: [...app.visibility] };
  if (app.resourceUri === undefined) return { ui };
  const address = toBridgeAddress(server, app.resourceUri);
  // Both forms: hosts that read only the extension's first key find the app as well.
  return { ui: { ...ui, resourceUri: address }, 'ui/resourceUri': address };
}

function listPrompt(name: string, info: PromptInfo): Prompt {
  const prompt: Prompt = { name, description: described(info.server, info.description) };
  if (info.arguments !== undefined) prompt.arguments = info.arguments.map((a) => (a.description === undefined ? { ...a } : { ...a, description: agentSafe(a.description) }));
  return prompt;
}

function listResource(info: ResourceInfo): Resource {
  const resource: Resource = { uri: toBridgeAddress(info.server, info.uri), name: bridgeName(info.server, info.name), title: agentSafe(info.name), description: described(info.server, info.description) };
  if (info.mimeType !== undefined) resource.mimeType = info.mimeType;
  return resource;
}

function listTemplate(info: ResourceTemplateInfo): ResourceTemplate {
  const template: ResourceTemplate = {
    uriTemplate: info.uriTemplate,
    name: bridgeName(info.server, info.name),
    title: agentSafe(info.name),
    description: described(info.server, info.description),
  };
  if (info.mimeType !== undefined) template.mimeType = info.mimeType;
  return template;
}

function parseTemplate(sdk: ModernSdk, text: string): UriTemplate | undefined {
  try {
    return new sdk.UriTemplate(text);
  } catch {
    return undefined;
  }
}

interface Cached<T> {
  version: number;
  value: Promise<T>;
}

/**
 * The bridge's tool index (not shared/catalog, the service catalog): what every enabled server
 * offers, from the pool's cached inventories (nothing spawns), with the bridge names of tools and
 * prompts. Names are assigned over all servers, not per agent, so an agent's allowlist never changes
 * the name of a tool it sees; and over every enabled server's namespace, started or not. Rebuilt
 * lazily after invalidate().
 */
export class ToolIndex {
  readonly #pool: Pool;
  #version = 0;
  #tools: Cached<Map<string, ToolEntry>> | undefined;
  /** The last tools map built, for answers that cannot wait (apps-advertised.ts). */
  #latestTools: Map<string, ToolEntry> | undefined;
  #prompts: Cached<Map<string, PromptEntry>> | undefined;
  #resources: Cached<ResourceView> | undefined;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  /** Bumped by every invalidate(): a build read before it may miss what changed. */
  get version(): number {
    return this.#version;
  }

  invalidate(): void {
    this.#version++;
    this.#tools = undefined;
    this.#prompts = undefined;
    this.#resources = undefined;
  }

  /**
   * The enabled servers, started or not: each owns the names under its prefix (owningServer), so a
   * tool of one never takes a name of another that has not listed its tools yet.
   */
  servers(): string[] {
    return this.#pool
      .statuses()
      .filter((s) => s.enabled)
      .map((s) => s.name);
  }

  /** Bridge name → entry, in inventory order. */
  tools(): Promise<Map<string, ToolEntry>> {
    this.#tools = this.#fresh(this.#tools, async () => {
      const infos = await this.#pool.tools();
      const compiles = await outputSchemaJudge(infos);
      const table = buildNameTable(infos.map((t) => ({ server: t.server, name: t.name })), { servers: this.servers() });
      // Read with the inventories: the bridge invalidates this index whenever a server's mark changes.
      const unavailable = this.#unavailable();
      const out = new Map<string, ToolEntry>();
      for (const info of infos) {
        const name = table.toBridge(info.server, info.name);
        if (name === undefined || out.has(name)) continue;
        // An output schema no client can compile is left out, not the tool (docs/bridge.md); the pool logged it.
        const plain = listTool(name, compiles(info) ? info : { ...info, outputSchema: undefined });
        const mark = unavailable.get(info.server);
        out.set(name, { server: info.server, info, tier: toolTier(info), listed: mark === undefined ? plain : markedUnavailable(plain, info.server, mark) });
      }
      this.#latestTools = out;
      return out;
    });
    return this.#tools.value;
  }

  /** The tools map last built, possibly older than the inventories; undefined before the first. */
  latestTools(): ReadonlyMap<string, ToolEntry> | undefined {
    return this.#latestTools;
  }

  prompts(): Promise<Map<string, PromptEntry>> {
    this.#prompts = this.#fresh(this.#prompts, async () => {
      const infos = await this.#pool.prompts();
      const table = buildNameTable(infos.map((p) => ({ server: p.server, name: p.name })), { servers: this.servers() });
      const out = new Map<string, PromptEntry>();
      for (const info of infos) {
        const name = table.toBridge(info.server, info.name);
        if (name === undefined || out.has(name)) continue;
        out.set(name, { server: info.server, info, listed: listPrompt(name, info) });
      }
      return out;
    });
    return this.#prompts.value;
  }

  resources(): Promise<ResourceView> {
    this.#resources = this.#fresh(this.#resources, async () => {
      // The v2 server package is loaded by the first agent request anyway; templates wait for it, start-up does not.
      const [{ resources, templates }, sdk] = await Promise.all([this.#pool.resources(), loadModernSdk()]);
      const byUri = new Map<string, string[]>();
      for (const r of resources) {
        const uri = toBridgeAddress(r.server, r.uri);
        const servers = byUri.get(uri) ?? [];
        if (!servers.includes(r.server)) servers.push(r.server);
        byUri.set(uri, servers);
      }
      return {
        resources: resources.map((r) => ({ server: r.server, listed: listResource(r) })),
        templates: templates.map((t) => ({ server: t.server, template: parseTemplate(sdk, t.uriTemplate), listed: listTemplate(t) })),
        byUri,
      };
    });
    return this.#resources.value;
  }

  /** Servers whose tools cannot be used now (unavailable.ts). */
  #unavailable(): Map<string, Unavailable> {
    const out = new Map<string, Unavailable>();
    for (const status of this.#pool.statuses()) {
      const mark = unavailableOf(status);
      if (mark !== undefined) out.set(status.name, mark);
    }
    return out;
  }

  #fresh<T>(cached: Cached<T> | undefined, load: () => Promise<T>): Cached<T> {
    if (cached && cached.version === this.#version) return cached;
    const value = load();
    // A failed load is not kept: the next caller tries again.
    value.catch(() => {
      if (this.#tools?.value === (value as unknown)) this.#tools = undefined;
      if (this.#prompts?.value === (value as unknown)) this.#prompts = undefined;
      if (this.#resources?.value === (value as unknown)) this.#resources = undefined;
    });
    return { version: this.#version, value };
  }
}
