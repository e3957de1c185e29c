import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { CHECKING_THREAD_SOURCE } from './checking-thread-source';

/** How long one check may take: a listing's whole structured content checks in milliseconds. */
export const CHECK_BUDGET_MS = 2_000;
/** A thread's start (loading the SDK) on a busy machine, apart from the check's own budget. */
const START_BUDGET_MS = 15_000;

/** Slots of the shared signal: the answer is ready; the thread is ready; the item it is on. */
const DONE = 0;
const READY = 1;
const AT = 2;

interface Thread {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
}

/** An answer, or past the budget the item the thread was on (its thread is ended). */
export type Asked<T> = { answer: T } | { timedOut: number };

/**
 * One thread for checks whose cost a server controls (a schema's pattern on its own answer, a URI
 * template's match): each waits for it at most its budget with Atomics.wait (the SDK's validators
 * are synchronous), then the thread is ended and a new one starts at the next check. Without threads
 * (`ask` answers undefined) the caller checks in its own thread, unbounded, as before.
 */
export class CheckingThread {
  readonly budgetMs: number;
  readonly #log: (line: string) => void;
  #thread: Thread | undefined;
  #inline = false;
  /** Counts threads started: what a thread was sent (a schema) is sent again to a new one. */
  generation = 0;

  constructor(options: { budgetMs?: number; log?: (line: string) => void } = {}) {
    this.budgetMs = options.budgetMs ?? CHECK_BUDGET_MS;
    this.#log = options.log ?? (() => undefined);
  }

  /** `request` is made for the thread that will answer it (its generation: what it was sent before). */
  ask<T>(request: (generation: number) => object): Asked<T> | undefined {
    const thread = this.#started();
    if (thread === undefined) return undefined;
    Atomics.store(thread.signal, DONE, 0);
    Atomics.store(thread.signal, AT, 0);
    try {
      thread.port.postMessage(request(this.generation));
    } catch {
      // A value that cannot be copied (not JSON): checked by the caller.
      return undefined;
    }
    const waited = Atomics.wait(thread.signal, DONE, 0, this.budgetMs);
    const reply = receiveMessageOnPort(thread.port)?.message as T | undefined;
    if (waited === 'timed-out' || reply === undefined) {
      const at = Atomics.load(thread.signal, AT);
      this.close();
      return { timedOut: at };
    }
    return { answer: reply };
  }

  /** Ends the thread (a process that closes its pool leaves none behind). */
  close(): void {
    void this.#thread?.worker.terminate();
    this.#thread = undefined;
  }

  #started(): Thread | undefined {
    if (this.#inline) return undefined;
    if (this.#thread !== undefined) return this.#thread;
    try {
      const shared = new SharedArrayBuffer(12);
      const signal = new Int32Array(shared);
      const { port1, port2 } = new MessageChannel();
      const resolve = createRequire(import.meta.url).resolve;
      const modules = { ajv: resolve('@modelcontextprotocol/client/validators/ajv'), client: resolve('@modelcontextprotocol/client') };
      const worker = new Worker(CHECKING_THREAD_SOURCE, { eval: true, workerData: { modules, signal: shared, port: port2 }, transferList: [port2] });
      // The thread never keeps the process alive, and an error of its own ends only it.
      worker.unref();
      port1.unref();
      worker.on('error', () => this.#thread?.worker === worker && (this.#thread = undefined));
      if (Atomics.wait(signal, READY, 0, START_BUDGET_MS) === 'timed-out') throw new Error('did not start');
      this.#thread = { worker, port: port1, signal };
      this.generation++;
      return this.#thread;
    } catch (error) {
      this.#inline = true;
      this.#log(`schemas and URI templates are checked in this thread, without a time bound: the checking thread did not start (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  }
}
