// Two real processes append to one log and rotate it (serve and a CLI command, or two commands).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOG = fileURLToPath(new URL('./jsonl-log.ts', import.meta.url));
const MAX_BYTES = 600;
const KEEP = 200;

// Appends on command: `one` writes one entry, `many N` writes N (each flushed), `close` closes; each answers `ok`.
const WRITER = `
import { z } from 'zod';
import { JsonlLog } from ${JSON.stringify(LOG)};
const [dir, name, maxBytes, keep] = process.argv.slice(1);
const log = new JsonlLog({ dir, base: 'log', schema: z.object({ p: z.string(), n: z.number() }), maxBytes: Number(maxBytes), keep: Number(keep), log: (line) => process.stderr.write(line + '\\n') });
let n = 0;
const append = async () => { log.append({ p: name, n: n++, pad: 'x'.repeat(20) }); await log.flush(); };
for await (const line of (await import('node:readline')).createInterface({ input: process.stdin })) {
  const [command, count] = line.split(' ');
  if (command === 'one') await append();
  if (command === 'many') for (let i = 0; i < Number(count); i++) await append();
  if (command === 'close') await log.close();
  process.stdout.write('ok\\n');
}
`;

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startWriter(dir: string, name: string): (command: string) => Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER, dir, name, String(MAX_BYTES), String(KEEP)], { cwd: ROOT });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return async (command) => {
    child.stdin.write(`${command}\n`);
    const answer = await lines.next();
    if (answer.done === true || answer.value !== 'ok') throw new Error(`the writer ${name} did not answer ${command}: ${stderr}`);
  };
}

function logFiles(dir: string): string[] {
  return [join(dir, 'log.jsonl'), ...Array.from({ length: KEEP }, (_, i) => join(dir, `log.${i + 1}.jsonl`))].filter((file) => existsSync(file));
}

function entries(dir: string): string[] {
  return logFiles(dir).flatMap((file) => readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => {
    const { p, n } = JSON.parse(line) as { p: string; n: number };
    return `${p}${n}`;
  }));
}

describe('JsonlLog across processes', () => {
  it('two processes appending and rotating one log lose no line, write none twice, and rotate each file once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsonl-procs-'));
    const a = startWriter(dir, 'a');
    const b = startWriter(dir, 'b');
    // In turns first: each sees the other's appends, so no file grows past the bound (a process
    // that counted only its own appends let the file reach twice it, and rotated the other's new file).
    for (let round = 0; round < 60; round++) {
      await a('one');
      await b('one');
    }
    expect(logFiles(dir).filter((file) => statSync(file).size > MAX_BYTES)).toEqual([]);
    // 120 lines of ~40 bytes: rotated several times.
    expect(logFiles(dir).length).toBeGreaterThan(5);
    // Then at once, as they come: every line is somewhere, once.
    await Promise.all([a('many 150'), b('many 150')]);
    await Promise.all([a('close'), b('close')]);
    const expected = ['a', 'b'].flatMap((p) => Array.from({ length: 210 }, (_, n) => `${p}${n}`));
    expect(entries(dir).sort()).toEqual(expected.sort());
  }, 180_000);
});
