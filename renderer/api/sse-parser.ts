export interface SseMessage {
  /** The `event:` field; `message` when the frame has none. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text (any split, even mid-line) and returns the messages it completed. */
  push(text: string): SseMessage[];
}

/**
 * Server-sent events framing (HTML Living Standard §9.2.6, "Interpreting an event stream"):
 * lines end in CRLF, LF or CR; `:` starts a comment; one space after the colon is dropped; data
 * lines join with LF; a blank line dispatches. `id` and `retry` are ignored: the server sends neither.
 */
export function createSseParser(): SseParser {
  let pending = '';
  let skipLeadingLf = false;
  let eventType = '';
  let data: string[] = [];

  function line(text: string, out: SseMessage[]): void {
    if (text === '') {
      if (data.length > 0) out.push({ event: eventType === '' ? 'message' : eventType, data: data.join('\n') });
      eventType = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
  }

  return {
    push(text) {
      const out: SseMessage[] = [];
      let chunk = text;
      // A CR that ended the previous chunk may be the first half of a CRLF.
      if (skipLeadingLf && chunk !== '') {
        if (chunk.startsWith('\n')) chunk = chunk.slice(1);
        skipLeadingLf = false;
      }
      const buffer = pending + chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      pending = buffer.slice(start);
      return out;
    },
  };
}
