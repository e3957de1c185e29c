import type { JsonSchemaType, JsonSchemaValidator, JsonSchemaValidatorResult, jsonSchemaValidator } from '@modelcontextprotocol/client';
import type { CheckingThread } from './checking-thread';

type Verdict = { valid: boolean; errorMessage?: string | undefined };

/**
 * A server's schema checked in the checking thread, within its time budget: a pattern such as
 * `^(a+)+$` or `uniqueItems` over a long array could otherwise hold this process (every agent, every
 * server) for minutes. Past the budget the value is not valid, and that schema is not checked again
 * until it is listed anew. Compiling stays here, so a schema that cannot compile throws as it did.
 */
export class BoundedSchemaValidator implements jsonSchemaValidator {
  readonly #inner: jsonSchemaValidator;
  readonly #thread: CheckingThread;
  readonly #ids = new WeakMap<object, number>();
  readonly #tooSlow = new Set<number>();
  #next = 0;
  /** Schemas the current thread has compiled, by id, and which thread that is. */
  #sent = new Set<number>();
  #sentTo = -1;

  constructor(inner: jsonSchemaValidator, thread: CheckingThread) {
    this.#inner = inner;
    this.#thread = thread;
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const here = this.#inner.getValidator<T>(schema);
    const id = this.#idOf(schema);
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      const verdict = this.#check(id, schema, input);
      if (verdict === undefined) return here(input);
      // The thread checked a copy: valid, the value is the one given (as Ajv returns it).
      return verdict.valid ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: verdict.errorMessage ?? 'does not match' };
    };
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
    const asked = this.#thread.ask<Verdict>((generation) => {
      if (this.#sentTo !== generation) {
        this.#sent = new Set();
        this.#sentTo = generation;
      }
      return { kind: 'schema', id, ...(this.#sent.has(id) ? {} : { schema }), value };
    });
    if (asked === undefined) return undefined;
    if ('timedOut' in asked) {
      this.#tooSlow.add(id);
      return this.#slowVerdict();
    }
    this.#sent.add(id);
    return asked.answer;
  }

  #slowVerdict(): Verdict {
    return { valid: false, errorMessage: `it could not be checked within ${this.#thread.budgetMs / 1000} s (the schema is too costly to check), so it is not passed on` };
  }
}
