import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeBundle, traversalBundle } from '../../test/fixtures/registry/mcpb-bundle';
import { unpackBundle } from './bundle-unpack';

const folders: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-unpack-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('unpackBundle', () => {
  it('unpacks a bundle into its folder, private to the person', async () => {
    const root = freshDir();
    const target = join(root, 'bundles', 'echo');
    await unpackBundle(await nodeBundle(), target);
    expect(JSON.parse(readFileSync(join(target, 'manifest.json'), 'utf8'))).toMatchObject({ name: 'bundled-echo' });
    expect(readFileSync(join(target, 'server', 'index.js'), 'utf8')).toContain('tools/list');
    expect(statSync(join(target, 'server', 'index.js')).mode & 0o077).toBe(0);
    expect(readdirSync(join(root, 'bundles'))).toEqual(['echo']);
  });

  it('refuses a file that would land outside the folder, and leaves nothing behind', async () => {
    const root = freshDir();
    const target = join(root, 'a', 'b', 'echo');
    await expect(unpackBundle(await traversalBundle(), target)).rejects.toThrow(/The bundle was refused/);
    expect(existsSync(join(root, 'a', 'escaped.txt'))).toBe(false);
    expect(existsSync(join(root, 'escaped.txt'))).toBe(false);
    expect(readdirSync(join(root, 'a', 'b'))).toEqual([]);
  });

  it('refuses a symbolic link', async () => {
    const zip = new JSZip();
    zip.file('manifest.json', '{}');
    zip.file('link', '/etc/passwd', { unixPermissions: 0o120777 });
    const bytes = await zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' });
    await expect(unpackBundle(bytes, join(freshDir(), 'echo'))).rejects.toThrow(/symbolic link/);
  });

  it('bounds the number of files and the size once unpacked (zip bombs)', async () => {
    const zip = new JSZip();
    for (let i = 0; i < 5; i += 1) zip.file(`f${i}.txt`, 'x');
    const many = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(unpackBundle(many, join(freshDir(), 'echo'), { entries: 4, bytes: 1024 })).rejects.toThrow(/holds 5 files, more than 4/);
    const big = new JSZip();
    big.file('zeros.bin', Buffer.alloc(64 * 1024));
    const bomb = await big.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(4096);
    await expect(unpackBundle(bomb, join(freshDir(), 'echo'), { entries: 10, bytes: 32 * 1024 })).rejects.toThrow(/unpacks to more than/);
  });

  it('a check of the unpacked files that refuses leaves neither the folder nor its staging', async () => {
    const zip = new JSZip();
    zip.file('manifest.json', '{}');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const parent = freshDir();
    await expect(unpackBundle(bytes, join(parent, 'echo'), undefined, () => Promise.reject(new Error('manifest refused')))).rejects.toThrow('manifest refused');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('keeps a folder already at its place as it is: nothing in it removed or replaced', async () => {
    const root = freshDir();
    const target = join(root, 'echo');
    expect(await unpackBundle(await nodeBundle(), target)).toBe('unpacked');
    writeFileSync(join(target, 'marker'), 'kept');
    const inode = statSync(join(target, 'server', 'index.js')).ino;
    expect(await unpackBundle(await nodeBundle(), target)).toBe('reused');
    expect(readFileSync(join(target, 'marker'), 'utf8')).toBe('kept');
    expect(statSync(join(target, 'server', 'index.js')).ino).toBe(inode);
    expect(readdirSync(root)).toEqual(['echo']);
  });

  it('refuses, and leaves as it is, a file at its place', async () => {
    const root = freshDir();
    writeFileSync(join(root, 'echo'), 'not a folder');
    await expect(unpackBundle(await nodeBundle(), join(root, 'echo'))).rejects.toThrow(/is there already and is not a folder/);
    expect(readFileSync(join(root, 'echo'), 'utf8')).toBe('not a folder');
    expect(readdirSync(root)).toEqual(['echo']);
  });

  it('a dry run unpacks and checks, then keeps nothing, and leaves a folder at its place as it is', async () => {
    const root = freshDir();
    const checked: string[] = [];
    const check = (staging: string) => {
      checked.push(readFileSync(join(staging, 'manifest.json'), 'utf8'));
      return Promise.resolve();
    };
    expect(await unpackBundle(await nodeBundle(), join(root, 'echo'), undefined, check, true)).toBe('checked');
    expect(checked).toHaveLength(1);
    expect(readdirSync(root)).toEqual([]);
    mkdirSync(join(root, 'echo'));
    writeFileSync(join(root, 'echo', 'marker'), 'kept');
    expect(await unpackBundle(await nodeBundle(), join(root, 'echo'), undefined, check, true)).toBe('checked');
    expect(readdirSync(join(root, 'echo'))).toEqual(['marker']);
    expect(readdirSync(root)).toEqual(['echo']);
  });

  it('refuses what is not a zip', async () => {
    await expect(unpackBundle(Buffer.from('not a zip at all'), join(freshDir(), 'echo'))).rejects.toThrow(/is not a zip file/);
  });
});
