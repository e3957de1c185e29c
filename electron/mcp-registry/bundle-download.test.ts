import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFiles, sha256, type FileServer } from '../../test/fixtures/registry/mcpb-bundle';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import type { FetchLike } from '../net';
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
    expect(await downloadBundle(fetch, files.url('/redirect/b.mcpb'), sha256(bytes), 'loopback')).toEqual(bytes);
  });

  it('refuses a redirect to an address that is no URL as the download host\'s fault', async () => {
    const redirecting: FetchLike = () => Promise.resolve(new Response(null, { status: 302, headers: { location: 'http://[' } }));
    const download = downloadBundle(redirecting, 'https://cdn.example.test/s.mcpb', sha256(bytes), 'public', undefined, scriptedResolver(['93.184.216.34']));
    await expect(download).rejects.toThrow(/redirected to an address that is no URL/);
    await expect(download).rejects.toMatchObject({ code: 'server_unavailable' });
  });

  it('refuses a mismatched SHA-256, and a bundle over the size bound', async () => {
    await expect(downloadBundle(fetch, files.url('/b.mcpb'), 'f'.repeat(64), 'loopback')).rejects.toThrow(/not the f{64} the registry gives; it was refused/);
    await expect(downloadBundle(fetch, files.url('/b.mcpb'), sha256(bytes), 'loopback', 100)).rejects.toThrow(/larger than/);
  });

  it('accepts https, and http only to this computer; no user or password', () => {
    expect(checkBundleUrl('https://github.com/o/r/releases/download/v1/s.mcpb', 'loopback').host).toBe('github.com');
    expect(checkBundleUrl('http://127.0.0.1:9/s.mcpb', 'loopback').port).toBe('9');
    expect(() => checkBundleUrl('http://example.com/s.mcpb', 'loopback')).toThrow(/must use https/);
    expect(() => checkBundleUrl('file:///etc/passwd', 'loopback')).toThrow(/must use https/);
    expect(() => checkBundleUrl('https://u:p@example.com/s.mcpb', 'loopback')).toThrow(/user or password/);
    expect(() => checkBundleUrl('not a url', 'loopback')).toThrow(/not a URL/);
  });

  it('holds the address, and each redirect, to the registry\'s reach: no LAN, no metadata address for a registry on the internet', async () => {
    for (const url of ['https://10.0.0.5/s.mcpb', 'https://192.168.1.1/s.mcpb', 'https://[fd00::1]/s.mcpb']) expect(() => checkBundleUrl(url, 'public')).toThrow(/it points at a private network/);
    expect(() => checkBundleUrl('http://127.0.0.1:9/s.mcpb', 'public')).toThrow(/it points at this computer/);
    expect(() => checkBundleUrl('https://169.254.169.254/latest', 'loopback')).toThrow(/link-local or cloud-metadata/);
    expect(() => checkBundleUrl('https://metadata.google.internal/x', 'loopback')).toThrow(/link-local or cloud-metadata/);
    expect(checkBundleUrl('https://10.0.0.5/s.mcpb', 'private').host).toBe('10.0.0.5');
    // A local download is refused before any request, with no hash of what answered.
    await expect(downloadBundle(fetch, files.url('/b.mcpb'), 'f'.repeat(64), 'public')).rejects.toThrow(/it points at this computer/);
  });

  it('holds a download by host name, and a redirect to one, to the addresses the name resolves to: ip6-localhost is this computer', async () => {
    const neverSent: FetchLike = () => Promise.reject(new Error('no request may be sent'));
    const loopbackName = scriptedResolver(['::1']);
    await expect(downloadBundle(neverSent, 'https://ip6-localhost/s.mcpb', sha256(bytes), 'public', undefined, loopbackName)).rejects.toThrow(/ip6-localhost resolves to ::1: it points at this computer/);
    expect(loopbackName.calls).toEqual(['ip6-localhost']);
    // A public name whose download redirects to a name on the LAN: the redirect is refused before it is followed.
    const sent: string[] = [];
    const redirecting: FetchLike = (input) => (sent.push(String(input)), Promise.resolve(new Response(null, { status: 302, headers: { location: 'https://ip6-loopback/s.mcpb' } })));
    const answers = scriptedResolver(['203.0.113.7'], ['10.0.0.9']);
    await expect(downloadBundle(redirecting, 'https://cdn.example.test/s.mcpb', sha256(bytes), 'public', undefined, answers)).rejects.toThrow(/ip6-loopback resolves to 10.0.0.9: it points at a private network/);
    expect(sent).toEqual(['https://cdn.example.test/s.mcpb']);
  });
});
