import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { JsonSchemaType, JsonSchemaValidator, JsonSchemaValidatorResult, jsonSchemaValidator } from '@modelcontextprotocol/client';
import { SCHEMA_CHECK_WORKER_SOURCE } from './schema-check-worker-source';

type Verdict = { valid: boolean; errorMessage?: string | undefined };

/** How long one check may take: a listing's whole structured content checks in milliseconds. */
export const SCHEMA_CHECK_BUDGET_MS = 2_000;
/** A thread's start (loading Ajv) on a busy machine, apart from the check's own budget. */
const START_BUDGET_MS = 15_000;

export interface BoundedSchemaValidatorOptions {
  budgetMs?: number;
  /** Said once when no thread could start and checks run here, unbounded as before. */
  log?: (line: string) => void;
}

interface Thread {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
  /** Schemas this thread has compiled, by id. */
  sent: Set<number>;
}

/**
 * A server's schema checked in a thread of its own, within a time budget: a pattern such as
 * `^(a+)+$` or `uniqueItems` over a long array could otherwise hold this process (every agent, every
 * server) for minutes. The SDK's validators are synchronous, so the check waits for the thread
 * (Atomics.wait) at most the budget; past it the thread is ended, the value is not valid, and that
 * schema is not checked again until it is listed anew.
 * Compiling stays here, so a schema that cannot compile throws as it did.
 */
export class BoundedSchemaValidator implements jsonSchemaValidator {
  readonly #inner: jsonSchemaValidator;
  readonly #budgetMs: number;
  readonly #log: (line: string) => void;
  readonly #ids = new WeakMap<object, number>();
  readonly #tooSlow = new Set<number>();
  #next = 0;
  #thread: Thread | undefined;
  #inline = false;

  constructor(inner: jsonSchemaValidator, options: BoundedSchemaValidatorOptions = {}) {
    this.#inner = inner;
    this.#budgetMs = options.budgetMs ?? SCHEMA_CHECK_BUDGET_MS;
    this.#log = options.log ?? (() => undefined);
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const here = this.#inner.getValidator<T>(schema);
    const id = this.#idOf(schema);
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      if (this.#inline) return here(input);
      const verdict = this.#check(id, schema, input);
      if (verdict === undefined) return here(input);
      // The thread checked a copy: valid, the value is the one given (as Ajv returns it).
      return verdict.valid ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: verdict.errorMessage ?? 'does not match' };
    };
  }

  /** Ends the thread (a process that closes its pool leaves none behind). */
  close(): void {
    void this.#thread?.worker.terminate();
    this.#thread = undefined;
  }

  #idOf(schema: object): number {
    let id = this.#ids.get(schema);
    if (id === undefined) {
      id = this.#next++;
      this.#ids.set(schema, id);
    }
    return id;
  }

  /** The thread's verdict; undefined when no thread can run here (then checked in this thread). */
  #check(id: number, schema: JsonSchemaType, value: unknown): Verdict | undefined {
    if (this.#tooSlow.has(id)) return this.#slowVerdict();
    const thread = this.#started();
    if (thread === undefined) return undefined;
    Atomics.store(thread.signal, 0, 0);
    try {
      thread.port.postMessage({ id, ...(thread.sent.has(id) ? {} : { schema }), value });
    } catch {
      // A value that cannot be copied (not JSON): checked here, as the SDK would.
      return undefined;
    }
    thread.sent.add(id);
    const waited = Atomics.wait(thread.signal, 0, 0, this.#budgetMs);
    const answer = receiveMessageOnPort(thread.port)?.message as Verdict | undefined;
    if (waited === 'timed-out' || answer === undefined) {
      this.#tooSlow.add(id);
      this.close();
      return this.#slowVerdict();
    }
    return answer;
  }

  #slowVerdict(): Verdict {
    return { valid: false, errorMessage: `it could not be checked within ${this.#budgetMs / 1000} s (the schema is too costly to check), so it is not passed on` };
  }

  #started(): Thread | undefined {
    if (this.#thread !== undefined) return this.#thread;
    try {
      const shared = new SharedArrayBuffer(8);
      const signal = new Int32Array(shared);
      const { port1, port2 } = new MessageChannel();
      const ajv = createRequire(import.meta.url).resolve('@modelcontextprotocol/client/validators/ajv');
      const worker = new Worker(SCHEMA_CHECK_WORKER_SOURCE, { eval: true, workerData: { ajv, signal: shared, port: port2 }, transferList: [port2] });
      // The thread never keeps the process alive, and an error of its own ends only it.
      worker.unref();
      port1.unref();
      worker.on('error', () => this.#thread?.worker === worker && (this.#thread = undefined));
      if (Atomics.wait(signal, 1, 0, START_BUDGET_MS) === 'timed-out') throw new Error('did not start');
      this.#thread = { worker, port: port1, signal, sent: new Set() };
      return this.#thread;
    } catch (error) {
      this.#inline = true;
      this.#log(`output schemas are checked in this thread, without a time bound: the checking thread did not start (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  }
}
