/** How much of an event's start is kept to find its id: a JSON-RPC message names it before its payload. */
const PREFIX_BYTES = 1024;

/**
 * The top-level `id` of a JSON-RPC message (JSON-RPC 2.0 §5) from the start of its text, if that start
 * holds it: keys are read only at the top level, so an `id` inside the result is never taken for it.
 */
export function topLevelId(text: string): string | number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const string = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))?.[0];
      if (string === undefined) return undefined;
      if (depth === 1 && string === '"id"') {
        const value = /^\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(text.slice(i + string.length))?.[1];
        return value === undefined ? undefined : (JSON.parse(value) as string | number);
      }
      i += string.length - 1;
    }
  }
  return undefined;
}

/**
 * The first bytes of the SSE event being read (WHATWG HTML §9.2.6: a blank line ends one), to tell
 * which request an event answers when it has to be cut (a GET stream sent no request of its own).
 */
export class SseEventStart {
  #bytes: number[] = [];
  #afterLf = false;

  add(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === 0x0a && this.#afterLf) {
        this.#bytes = [];
        this.#afterLf = false;
        continue;
      }
      if (byte !== 0x0d) this.#afterLf = byte === 0x0a;
      if (this.#bytes.length < PREFIX_BYTES) this.#bytes.push(byte);
    }
  }

  /** The id of the message the event's `data:` lines begin. */
  id(): string | number | undefined {
    const text = new TextDecoder().decode(Uint8Array.from(this.#bytes));
    const data = text.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
    return topLevelId(data.join('\n'));
  }
}
