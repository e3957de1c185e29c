/**
 * The baseline of the tool search bench: plain BM25 (Robertson & Zaragoza 2009, k1 1.2, b 0.75) over
 * the same fields as ours run together, words split on anything but letters and digits and
 * lowercased; no stems, synonyms, field weights, diversity or threshold. What gateways such as
 * MCPProxy's retrieve_tools do, so the bench says what ours adds.
 */
import type { ToolDoc } from '../../electron/tool-search';

function tokens(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t !== '');
}

function propertyText(schema: unknown): string {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> } | undefined)?.properties;
  if (properties === undefined || typeof properties !== 'object') return '';
  return Object.entries(properties)
    .map(([name, p]) => `${name} ${typeof p?.description === 'string' ? p.description : ''}`)
    .join(' ');
}

export class PlainBm25 {
  readonly #docs: readonly ToolDoc[];
  readonly #tf: Array<Map<string, number>>;
  readonly #length: number[];
  readonly #df = new Map<string, number>();
  readonly #average: number;

  constructor(docs: readonly ToolDoc[]) {
    this.#docs = docs;
    this.#tf = docs.map((d) => {
      const tf = new Map<string, number>();
      for (const t of tokens(`${d.name} ${d.title ?? ''} ${d.description ?? ''} ${propertyText(d.inputSchema)} ${d.server}`)) tf.set(t, (tf.get(t) ?? 0) + 1);
      return tf;
    });
    this.#length = this.#tf.map((tf) => [...tf.values()].reduce((a, b) => a + b, 0));
    for (const tf of this.#tf) for (const t of tf.keys()) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
    this.#average = this.#length.reduce((a, b) => a + b, 0) / Math.max(1, docs.length);
  }

  search(query: string, limit: number): string[] {
    const n = this.#docs.length;
    const terms = [...new Set(tokens(query))];
    const scored: Array<[number, number]> = [];
    this.#tf.forEach((tf, i) => {
      let s = 0;
      for (const t of terms) {
        const f = tf.get(t);
        if (f === undefined) continue;
        const df = this.#df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * (this.#length[i] ?? 0)) / this.#average));
      }
      if (s > 0) scored.push([i, s]);
    });
    return scored
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([i]) => this.#docs[i]?.id ?? '');
  }
}
