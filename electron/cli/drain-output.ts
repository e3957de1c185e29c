/**
 * Resolves once everything written to the stream has been handed to the system. A pipe takes 64 KiB
 * and Node keeps the rest in memory: `process.exit` before then cut `tools --json | jq` short. A
 * reader that went away (`| head`) ends it too, without an error: what it did not want is dropped.
 */
export function drained(stream: NodeJS.WritableStream & { writableLength?: number }): Promise<void> {
  return new Promise((resolve) => {
    if ((stream.writableLength ?? 0) === 0) return resolve();
    stream.once('error', () => resolve());
    stream.write('', () => resolve());
  });
}

/** A closed pipe (`connected-services tools | head -1`) is not an error of ours: nothing more to say to it. */
export function ignoreClosedPipes(streams: readonly NodeJS.WritableStream[]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}
