import { describe, expect, it } from 'vitest';
import { firstLine } from './tools-panel';

describe("a tool's summary line", () => {
  it('cuts a long line between characters, never inside an emoji', () => {
    const cut = firstLine(`${'a'.repeat(88)}😀😀 and more`);
    expect(cut).toBe(`${'a'.repeat(88)}😀…`);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('keeps a short first sentence whole', () => {
    expect(firstLine('Echoes back the input. Then more.')).toBe('Echoes back the input.');
  });
});
