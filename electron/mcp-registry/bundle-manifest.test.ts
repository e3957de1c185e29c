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
});
