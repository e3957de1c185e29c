import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SDK_PRIVATE_MEMBERS } from '.';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The code of a file without its comments (what a comment says of the SDK is no use of it). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('the SDK private members are used only in electron/mcp-wire', () => {
  it('no product file elsewhere names one', () => {
    const found: string[] = [];
    for (const file of [...sources(join(ROOT, 'electron')), ...sources(join(ROOT, 'shared'))]) {
      const path = relative(ROOT, file).split('\\').join('/');
      if (path.startsWith('electron/mcp-wire/')) continue;
      const text = code(readFileSync(file, 'utf8'));
      for (const member of SDK_PRIVATE_MEMBERS) if (new RegExp(`\\b${member}\\b`).test(text)) found.push(`${path}: ${member}`);
    }
    expect(found).toEqual([]);
  });
});
