import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, docPages, linksOf, readPage, relativeToRoot, ROOT, slug } from './markdown';

/** Links between the pages (and into the repository) resolve: the file exists, the #anchor is a heading of it. */
describe('links in README.md, SECURITY.md and docs/', () => {
  it('make anchors as GitHub does', () => {
    expect(slug('Threat model: who may do what')).toBe('threat-model-who-may-do-what');
    expect(slug('`servers add`')).toBe('servers-add');
    expect(slug('Signing in (OAuth)')).toBe('signing-in-oauth');
    expect(slug('Configuration: `mcp.json`')).toBe('configuration-mcpjson');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n### A')]).toEqual(['a', 'a-1', 'a-2']);
  });

  for (const page of docPages()) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const broken: string[] = [];
      for (const { target, line } of linksOf(readPage(page))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(ROOT, page) : normalize(join(ROOT, dirname(page), decodeURIComponent(path)));
        if (!file.startsWith(ROOT) || !existsSync(file)) {
          broken.push(`${page}:${line}: ${target} (no file ${relativeToRoot(file)})`);
          continue;
        }
        if (anchor === undefined || anchor === '') continue;
        if (!file.endsWith('.md') || statSync(file).isDirectory()) {
          broken.push(`${page}:${line}: ${target} (an anchor into a file that is no Markdown page)`);
          continue;
        }
        if (!anchorsOf(readPage(relativeToRoot(file))).has(anchor)) broken.push(`${page}:${line}: ${target} (no heading makes #${anchor})`);
      }
      expect(broken, broken.join('\n')).toEqual([]);
    });
  }
});
