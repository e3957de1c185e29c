import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleCommand, readManifest } from './bundle-manifest';

let dir = '';
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('a bundle\'s manifest', () => {
  it('keeps every variable of mcp_config.env, one named `__proto__` too, as the program\'s own variables', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-manifest-'));
    await writeFile(path.join(dir, 'manifest.json'), '{"name":"demo","version":"1.0.0","server":{"mcp_config":{"command":"node","args":["${__dirname}/index.js"],"env":{"__proto__":"kept","MODE":"${__dirname}"}}}}');
    const command = bundleCommand(await readManifest(dir), dir);
    expect(Object.keys(command.env)).toEqual(['__proto__', 'MODE']);
    expect(Object.getOwnPropertyDescriptor(command.env, '__proto__')?.value).toBe('kept');
    expect(Object.getPrototypeOf(command.env)).toBe(Object.prototype);
    expect(command).toMatchObject({ command: 'node', args: [path.join(dir, 'index.js')], env: { MODE: dir } });
  });

  // The spec's own examples write the bundle's files relative: run from serve's folder, `node evil.js` would run that folder's file.
  it('runs in the bundle\'s folder, a relative command made absolute inside it; `uv run --directory` and `python -m` kept as written', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-manifest-'));
    const manifest = (config: object) => ({ name: 'demo', version: '1.0.0', server: { mcp_config: config } });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest({ command: 'node', args: ['evil.js'] })));
    expect(bundleCommand(await readManifest(dir), dir)).toEqual({ command: 'node', args: ['evil.js'], env: {}, cwd: dir });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest({ command: 'server/my-server', args: ['--config', 'server/config.json'] })));
    expect(bundleCommand(await readManifest(dir), dir)).toMatchObject({ command: path.join(dir, 'server/my-server'), args: ['--config', 'server/config.json'], cwd: dir });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest({ command: 'uv', args: ['run', '--directory', '${__dirname}', 'server.py'] })));
    expect(bundleCommand(await readManifest(dir), dir)).toMatchObject({ command: 'uv', args: ['run', '--directory', dir, 'server.py'], cwd: dir });
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest({ command: 'python3', args: ['-m', 'pkg'] })));
    expect(bundleCommand(await readManifest(dir), dir)).toMatchObject({ command: 'python3', args: ['-m', 'pkg'], cwd: dir });
  });
});
