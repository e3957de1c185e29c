/** A response body read up to a bound. */
export interface BoundedBody {
  /** At most `max` bytes. */
  bytes: Buffer;
  /** The body went past `max`: the rest was not read and the stream was cancelled. */
  over: boolean;
}

/**
 * Reads at most `max` bytes of a body an outside party controls, and cancels the stream past it, so
 * a server cannot make us hold more than the bound whatever it sends.
 */
export async function readBoundedBody(response: Response, max: number): Promise<BoundedBody> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), over: false };
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), over: false };
    length += value.byteLength;
    if (length > max) {
      chunks.push(value);
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks).subarray(0, max), over: true };
    }
    chunks.push(value);
  }
}
