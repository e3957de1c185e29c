import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFiles, sha256, type FileServer } from '../../test/fixtures/registry/mcpb-bundle';
import { checkBundleUrl, downloadBundle } from './bundle-download';

describe('downloadBundle', () => {
  const bytes = Buffer.from('bundle bytes '.repeat(100));
  let files: FileServer;
  beforeAll(async () => {
    files = await serveFiles({ '/b.mcpb': bytes });
  });
  afterAll(async () => {
    await files.close();
  });

  it('returns the bytes when their SHA-256 is the registry\'s, through a checked redirect', async () => {
    expect(await downloadBundle(fetch, files.url('/redirect/b.mcpb'), sha256(bytes))).toEqual(bytes);
  });

  it('refuses a mismatched SHA-256, and a bundle over the size bound', async () => {
    await expect(downloadBundle(fetch, files.url('/b.mcpb'), 'f'.repeat(64))).rejects.toThrow(/not the f{64} the registry gives; it was refused/);
    await expect(downloadBundle(fetch, files.url('/b.mcpb'), sha256(bytes), 100)).rejects.toThrow(/larger than/);
  });

  it('accepts https, and http only to this computer; no user or password', () => {
    expect(checkBundleUrl('https://github.com/o/r/releases/download/v1/s.mcpb').host).toBe('github.com');
    expect(checkBundleUrl('http://127.0.0.1:9/s.mcpb').port).toBe('9');
    expect(() => checkBundleUrl('http://example.com/s.mcpb')).toThrow(/must use https/);
    expect(() => checkBundleUrl('file:///etc/passwd')).toThrow(/must use https/);
    expect(() => checkBundleUrl('https://u:p@example.com/s.mcpb')).toThrow(/user or password/);
    expect(() => checkBundleUrl('not a url')).toThrow(/not a URL/);
  });
});
