import type { IncomingMessage } from 'node:http';
import type { InboundHttpRequest, InboundModernRoute, JSONRPCRequest } from '@modelcontextprotocol/server';
import { LANE_REVISION } from '../mcp-wire';
import type { ModernSdk } from './server-sdk';

/** Envelopes the SDK found valid, remembered per agent-controlled text: bounded, and none longer than this. */
const MAX_REMEMBERED = 256;
const MAX_ENVELOPE_TEXT = 4096;
/** The keys a JSON-RPC request may have (JSON-RPC 2.0 §4; the SDK's JSONRPCRequestSchema is strict). */
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
/** SDK 2025-11-25 vocabulary the SDK's request schema checks inside `_meta` (`RELATED_TASK_META_KEY`). */
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** RFC 9110 §5.5: what the SDK strips from a header before comparing it. */
function trimOws(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value.replace(/^[ \t]+|[ \t]+$/g, '') : undefined;
}

/**
 * The SDK's classification (`classifyInboundRequest`) of a hot 2026-07-28 request, remembered. The
 * classification runs zod guards on the body (is it a result, an error, a request) and parses the
 * `_meta` envelope on every request: a quarter of a lane call's own CPU. Its outcome for a
 * `tools/call` depends only on the body's JSON-RPC shape, its method, the envelope's
 * `protocolVersion`, `clientInfo` and `clientCapabilities` (a progress token or a log level, which
 * it also checks, are not the lane's) and the version and method headers' agreement with them. So a
 * request whose shape plainly passes (the lane's conditions, strict JSON-RPC keys, an integer or
 * string id) and whose envelope has the text of one the SDK classified as valid before is classified
 * the same without it; anything else is classified by the SDK, and a valid envelope is remembered.
 * The contract test (modern-route-memo.test.ts) holds the two to the same answers.
 */
export class ModernRouteMemo {
  readonly #valid = new Set<string>();

  /** The route the SDK gives this request, when it is plainly a first-round lane call with a remembered envelope; else undefined. */
  known(sdk: ModernSdk, req: IncomingMessage, body: unknown): InboundModernRoute | undefined {
    const text = this.#envelopeText(sdk, req, body);
    if (text === undefined || !this.#valid.has(text)) return undefined;
    return { kind: 'modern', messageKind: 'request', message: body as JSONRPCRequest, classification: { era: 'modern', revision: LANE_REVISION } };
  }

  /** Classifies as the SDK does (call `known` first); a lane call's envelope the SDK found valid is remembered. */
  classify(sdk: ModernSdk, req: IncomingMessage, facts: InboundHttpRequest): ReturnType<ModernSdk['classifyInboundRequest']> {
    const outcome = sdk.classifyInboundRequest(facts);
    if (outcome.kind === 'modern' && outcome.messageKind === 'request' && outcome.classification.revision === LANE_REVISION) {
      const text = this.#envelopeText(sdk, req, facts.body);
      if (text !== undefined) {
        if (this.#valid.size >= MAX_REMEMBERED) this.#valid.clear();
        this.#valid.add(text);
      }
    }
    return outcome;
  }

  /** The text the envelope's validity depends on, for a request the memo may answer; undefined for any other. */
  #envelopeText(sdk: ModernSdk, req: IncomingMessage, body: unknown): string | undefined {
    if (!isPlainObject(body) || body['jsonrpc'] !== '2.0' || body['method'] !== 'tools/call') return undefined;
    const id = body['id'];
    if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
    for (const key of Object.keys(body)) if (!REQUEST_KEYS.has(key)) return undefined;
    const params = body['params'];
    if (!isPlainObject(params)) return undefined;
    const meta = params['_meta'];
    if (!isPlainObject(meta) || 'progressToken' in meta || RELATED_TASK_KEY in meta || sdk.LOG_LEVEL_META_KEY in meta) return undefined;
    if (meta[sdk.PROTOCOL_VERSION_META_KEY] !== LANE_REVISION) return undefined;
    if (trimOws(req.headers['mcp-protocol-version']) !== LANE_REVISION || trimOws(req.headers['mcp-method']) !== 'tools/call') return undefined;
    const text = JSON.stringify({ i: meta[sdk.CLIENT_INFO_META_KEY], c: meta[sdk.CLIENT_CAPABILITIES_META_KEY] });
    return text.length <= MAX_ENVELOPE_TEXT ? text : undefined;
  }
}
