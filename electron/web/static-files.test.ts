import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { sendStatic, staticFiles } from './static-files';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<h1>ui</h1>');
  writeFileSync(join(root, 'assets', 'app.js.map'), Buffer.alloc(4096, 97));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staticFiles', () => {
  it('answers every request for a file with the one Buffer read once, concurrent first requests included', async () => {
    const files = staticFiles(root);
    const first = await Promise.all(Array.from({ length: 20 }, () => files.read('/assets/app.js.map')));
    const later = await files.read('/assets/app.js.map');
    const bodies = [...first, later].map((file) => (file !== null && 'body' in file ? file.body : undefined));
    expect(bodies[0]?.length).toBe(4096);
    for (const body of bodies) expect(body).toBe(bodies[0]);
    // Read once: a change on disk is not seen (the build does not change while the server runs).
    writeFileSync(join(root, 'assets', 'app.js.map'), 'changed');
    const again = await files.read('/assets/app.js.map');
    expect(again !== null && 'body' in again && again.body).toBe(bodies[0]);
  });

  it('keeps at most its budget in memory: a file that does not fit is read from disk per request', async () => {
    const files = staticFiles(root, 4100);
    const map = await files.read('/assets/app.js.map');
    expect(map !== null && 'body' in map).toBe(true);
    const page = await files.read('/');
    expect(page).toEqual({ type: 'text/html; charset=utf-8', path: join(root, 'index.html'), size: 11 });
  });

  it('does not remember a miss: a name asked for before its file exists is found once it does', async () => {
    const files = staticFiles(root);
    expect(await files.read('/assets/late.js')).toBeNull();
    writeFileSync(join(root, 'assets', 'late.js'), 'late');
    const late = await files.read('/assets/late.js');
    expect(late !== null && 'body' in late && late.body.toString()).toBe('late');
  });

  it('never leaves root, and answers only known types and plain files', async () => {
    const files = staticFiles(join(root, 'assets'));
    for (const path of ['/../index.html', '/%2e%2e/index.html', '/..%2findex.html', '/a%00.js', '/%E0%A4%A', '/app.js.map.txt', '/']) {
      expect(await files.read(path)).toBeNull();
    }
    mkdirSync(join(root, 'assets', 'dir.js'));
    expect(await files.read('/dir.js')).toBeNull();
  });
});

describe('sendStatic', () => {
  it('streams a file that is not held in memory, whole and with its length', async () => {
    const path = join(root, 'assets', 'app.js.map');
    const server = createServer((_req, res) => void sendStatic(res, { type: 'application/json', path, size: 4096 }, { 'x-test': '1' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.headers.get('content-length')).toBe('4096');
    expect(response.headers.get('x-test')).toBe('1');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.alloc(4096, 97))).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });
});
