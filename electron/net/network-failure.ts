/** Node's and undici's codes for a request that got no answer from the server, with what each means. */
const NETWORK_REASONS: ReadonlyMap<string, string> = new Map([
  ['ECONNREFUSED', 'nothing answers there'],
  ['ECONNRESET', 'the connection was cut'],
  ['ENOTFOUND', 'its host name does not resolve'],
  ['EAI_AGAIN', 'its host name could not be looked up'],
  ['EHOSTUNREACH', 'there is no route to its host'],
  ['ENETUNREACH', 'there is no route to its network'],
  ['ETIMEDOUT', 'the connection timed out'],
  ['EPIPE', 'the connection was cut'],
  ['UND_ERR_SOCKET', 'the connection was cut'],
  ['UND_ERR_CONNECT_TIMEOUT', 'the connection timed out'],
  ['UND_ERR_HEADERS_TIMEOUT', 'it sent no answer in time'],
]);

/** The errors fetch's "fetch failed" wraps, and those around it (the SDK's era probe, its POST), a few deep. */
export function errorChain(error: unknown): Error[] {
  const out: Error[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) out.push(e);
  return out;
}

export function errorCode(error: Error): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : undefined;
}

export interface NetworkFailure {
  /** Node's or undici's code (`ECONNRESET`). */
  code: string;
  /** What it means, in words (`the connection was cut`). */
  meaning: string;
}

/** The first error in the chain that says the request got no answer, with what it means; undefined for any other failure. */
export function networkFailure(error: unknown): NetworkFailure | undefined {
  for (const e of errorChain(error)) {
    const code = errorCode(e);
    const meaning = code === undefined ? undefined : NETWORK_REASONS.get(code);
    if (code !== undefined && meaning !== undefined) return { code, meaning };
  }
  return undefined;
}
