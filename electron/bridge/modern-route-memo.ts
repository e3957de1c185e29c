import type { IncomingMessage } from 'node:http';
import type { InboundHttpRequest, InboundModernRoute, JSONRPCRequest } from '@modelcontextprotocol/server';
import { LANE_REVISION } from '../mcp-wire';
import type { ModernSdk } from './server-sdk';
import { matches, shapeOf, type Shape } from './modern-route-memo-shape';
import { LANE_LISTINGS } from './modern-lane-entry';

/** Envelopes the SDK found valid, remembered per agent-controlled text: bounded, and none longer than this. */
const MAX_REMEMBERED = 256;
const MAX_ENVELOPE_TEXT = 4096;
/** Remembered envelopes last seen, matched member by member before any text is built (one per agent's client in practice). */
const MAX_RECENT = 8;
/** The keys a JSON-RPC request may have (JSON-RPC 2.0 §4; the SDK's JSONRPCRequestSchema is strict). */
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
/** What the SDK classifies a lane call as: one object for every remembered call (nothing reads it but to compare). */
const LANE_CLASSIFICATION: InboundModernRoute['classification'] = Object.freeze({ era: 'modern', revision: LANE_REVISION });
/** SDK 2025-11-25 vocabulary the SDK's request schema checks inside `_meta` (`RELATED_TASK_META_KEY`). */
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** RFC 9110 §5.5: what the SDK strips from a header before comparing it (no regular expression run for a value without any). */
function trimOws(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return first === 32 || first === 9 || last === 32 || last === 9 ? value.replace(/^[ \t]+|[ \t]+$/g, '') : value;
}

/** A remembered envelope's clientInfo and capabilities, as shapes (modern-route-memo-shape.ts). */
interface Recent {
  info: Shape;
  capabilities: Shape;
}

/**
 * The SDK's classification (`classifyInboundRequest`) of a hot 2026-07-28 request, remembered. The
 * classification runs zod guards on the body (is it a result, an error, a request: the failed ones
 * keep the body through young collections) and parses the `_meta` envelope on every request: a
 * quarter of a lane call's own CPU. Its outcome for a `tools/call` or a listing depends only on the
 * body's JSON-RPC shape, its method, the envelope's `protocolVersion`, `clientInfo` and
 * `clientCapabilities`, a progress token's type (a log level, which it also checks, is not the
 * lane's) and the version and method headers' agreement with them. So a
 * request whose shape plainly passes (the lane's conditions, strict JSON-RPC keys, an integer or
 * string id) and whose envelope has the text of one the SDK classified as valid before is classified
 * the same without it; anything else is classified by the SDK, and a valid envelope is remembered.
 * The contract test (modern-route-memo.test.ts) holds the two to the same answers.
 */
export class ModernRouteMemo {
  readonly #valid = new Set<string>();
  /**
   * Shapes of remembered envelopes, latest first: a call whose envelope matches one is known without
   * its text being built (the text, a string made and hashed per call, was most of the memo's cost).
   */
  #recent: Recent[] = [];

  /** The route the SDK gives this request, when it is plainly a first-round lane call with a remembered envelope; else undefined. */
  known(sdk: ModernSdk, req: IncomingMessage, body: unknown): InboundModernRoute | undefined {
    const meta = this.#laneMeta(sdk, req, body);
    if (meta === undefined || !this.#isRemembered(sdk, meta)) return undefined;
    return { kind: 'modern', messageKind: 'request', message: body as JSONRPCRequest, classification: LANE_CLASSIFICATION };
  }

  /** Classifies as the SDK does (call `known` first); a lane call's envelope the SDK found valid is remembered. */
  classify(sdk: ModernSdk, req: IncomingMessage, facts: InboundHttpRequest): ReturnType<ModernSdk['classifyInboundRequest']> {
    const outcome = sdk.classifyInboundRequest(facts);
    if (outcome.kind === 'modern' && outcome.messageKind === 'request' && outcome.classification.revision === LANE_REVISION) {
      const meta = this.#laneMeta(sdk, req, facts.body);
      const text = meta && envelopeText(sdk, meta);
      if (text !== undefined) {
        if (this.#valid.size >= MAX_REMEMBERED) this.#forget();
        this.#valid.add(text);
        this.#recall(text);
      }
    }
    return outcome;
  }

  #isRemembered(sdk: ModernSdk, meta: Record<string, unknown>): boolean {
    const info = meta[sdk.CLIENT_INFO_META_KEY];
    const capabilities = meta[sdk.CLIENT_CAPABILITIES_META_KEY];
    for (const recent of this.#recent) if (matches(info, recent.info) && matches(capabilities, recent.capabilities)) return true;
    const text = envelopeText(sdk, meta);
    if (text === undefined || !this.#valid.has(text)) return false;
    this.#recall(text);
    return true;
  }

  /** Puts a remembered envelope's shapes first among the recent (parsed from its text: they match only values of that text). */
  #recall(text: string): void {
    const { i, c } = JSON.parse(text) as { i?: unknown; c?: unknown };
    this.#recent = [{ info: shapeOf(i), capabilities: shapeOf(c) }, ...this.#recent.slice(0, MAX_RECENT - 1)];
  }

  #forget(): void {
    this.#valid.clear();
    this.#recent = [];
  }

  /** The `_meta` of a request the memo may answer (its envelope's text decides); undefined for any other. */
  #laneMeta(sdk: ModernSdk, req: IncomingMessage, body: unknown): Record<string, unknown> | undefined {
    if (!isPlainObject(body) || body['jsonrpc'] !== '2.0') return undefined;
    const method = body['method'];
    if (method !== 'tools/call' && !(typeof method === 'string' && LANE_LISTINGS.has(method))) return undefined;
    const id = body['id'];
    if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
    // Own keys only: a parsed body has no others (an inherited one would refuse it too).
    for (const key in body) if (!REQUEST_KEYS.has(key)) return undefined;
    const params = body['params'];
    if (!isPlainObject(params)) return undefined;
    const meta = params['_meta'];
    if (!isPlainObject(meta) || RELATED_TASK_KEY in meta || sdk.LOG_LEVEL_META_KEY in meta) return undefined;
    // The request schema's ProgressTokenSchema: a string or a safe integer.
    if ('progressToken' in meta && typeof meta['progressToken'] !== 'string' && !Number.isSafeInteger(meta['progressToken'])) return undefined;
    if (meta[sdk.PROTOCOL_VERSION_META_KEY] !== LANE_REVISION) return undefined;
    if (trimOws(req.headers['mcp-protocol-version']) !== LANE_REVISION || trimOws(req.headers['mcp-method']) !== method) return undefined;
    return meta;
  }
}

/** The text the envelope's validity depends on; undefined when too long to remember. */
function envelopeText(sdk: ModernSdk, meta: Record<string, unknown>): string | undefined {
  const text = JSON.stringify({ i: meta[sdk.CLIENT_INFO_META_KEY], c: meta[sdk.CLIENT_CAPABILITIES_META_KEY] });
  return text.length <= MAX_ENVELOPE_TEXT ? text : undefined;
}
