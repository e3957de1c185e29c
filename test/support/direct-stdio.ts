import { Client, type JSONRPCMessage, type RequestOptions, type Transport } from '@modelcontextprotocol/client';
import { expect, vi } from 'vitest';
import type { ClientSdk } from '../../electron/pool/client-sdk';
import { DirectToolCalls, type DirectTransport } from '../../electron/pool/direct-calls';
import { listedTools } from '../../electron/pool/output-validators';

// A stdio connection's direct tools/call path (electron/pool/direct-calls.ts) on a fake transport, with a real SDK Client.

const LEGACY_REVISION = '2025-11-25';

/** A stdio transport's two doors: `send` (the SDK's) and `write` (ours), and the order it delivers in. */
export class FakeStdio implements Transport, DirectTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  claim: ((message: JSONRPCMessage) => boolean) | undefined;
  afterClose: (() => void) | undefined;
  readonly out: { via: 'send' | 'write'; message: JSONRPCMessage }[] = [];
  writeError: Error | undefined;

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.out.push({ via: 'send', message });
    if ('method' in message && message.method === 'initialize' && 'id' in message) {
      const result = { protocolVersion: LEGACY_REVISION, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } };
      queueMicrotask(() => this.deliver({ jsonrpc: '2.0', id: message.id, result }));
    }
    return Promise.resolve();
  }

  write(message: JSONRPCMessage): Promise<void> {
    if (this.writeError) return Promise.reject(this.writeError);
    this.out.push({ via: 'write', message });
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.finish();
    return Promise.resolve();
  }

  /** As StdioProcessTransport hands a server's message on. */
  deliver(message: JSONRPCMessage): void {
    if (this.claim?.(message) !== true) this.onmessage?.(message);
  }

  finish(): void {
    try {
      this.onclose?.();
    } finally {
      this.afterClose?.();
    }
  }

  /** The id of the last request sent, by either door. */
  lastId(): number {
    const last = [...this.out].reverse().find((o) => 'id' in o.message && 'method' in o.message);
    return (last?.message as { id: number }).id;
  }

  cancellations(): unknown[] {
    return this.out.filter((o) => 'method' in o.message && o.message.method === 'notifications/cancelled').map((o) => (o.message as { params: unknown }).params);
  }
}

/** What the server listed, as the pool's inventory holds it (set before a call). */
export type Listed = { name: string; outputSchema?: object }[];

export async function connectedDirect(sdk: ClientSdk, listed: Listed = []): Promise<{ stdio: FakeStdio; client: Client; direct: DirectToolCalls; errors: string[] }> {
  const stdio = new FakeStdio();
  const client = new Client({ name: 't', version: '1' }, { jsonSchemaValidator: sdk.jsonSchemaValidator });
  const direct = new DirectToolCalls(stdio, client, sdk, listedTools(() => listed));
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);
  await client.connect(stdio);
  return { stdio, client, direct, errors };
}

/** The SDK's callTool sends after reading its listing (a few turns of the event loop): wait until `count` tools/call went out. */
export async function toolsCallSent(stdio: FakeStdio, count: number, method = 'tools/call'): Promise<void> {
  await vi.waitFor(() => expect(stdio.out.filter((o) => 'method' in o.message && o.message.method === method)).toHaveLength(count));
}

export const directOptions = (extra: Partial<RequestOptions> = {}): RequestOptions => ({ timeout: 1000, resetTimeoutOnProgress: false, ...extra });

