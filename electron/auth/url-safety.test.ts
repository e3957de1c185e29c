import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { isLinkLocalOrMetadata, isLoopbackHost, validateBrowserUrl, validateEndpointUrl } from './url-safety';

/** The checks of a URL's form: here every host is within reach (reach.test.ts covers reach). */
const ANY_HOST = 'loopback' as const;

function refusal(fn: () => unknown): CodedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validateBrowserUrl', () => {
  it.each([
    ['https://auth.example.com/authorize?client_id=a&state=b', 'https://auth.example.com/authorize?client_id=a&state=b'],
    ['HTTPS://Auth.Example.COM/x', 'https://auth.example.com/x'],
    ['http://127.0.0.1:8080/callback', 'http://127.0.0.1:8080/callback'],
    ['http://localhost/device', 'http://localhost/device'],
    ['http://[::1]:4000/x', 'http://[::1]:4000/x'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example/'],
    // Left raw by the URL parser, percent-encoded as RFC 3986 §2 writes them: the server reads the same value.
    ['https://idp.example/authorize?state=auth0|abc&claims={"a":1}^x', 'https://idp.example/authorize?state=auth0%7Cabc&claims=%7B%22a%22:1%7D%5Ex'],
    ['https://example.com/a|b/?q=`id`#{x}', 'https://example.com/a%7Cb/?q=%60id%60#%7Bx%7D'],
  ])('accepts %s', (input, normalized) => {
    expect(validateBrowserUrl(input, 'to open', ANY_HOST).href).toBe(normalized);
  });

  it.each([
    ['javascript:alert(document.cookie)', 'only https:'],
    ['JavaScript:alert(1)', 'only https:'],
    ['data:text/html,<script>alert(1)</script>', 'only https:'],
    ['file:///etc/passwd', 'only https:'],
    ['vbscript:msgbox(1)', 'only https:'],
    ['ftp://example.com/x', 'only https:'],
    ['http://example.com/login', 'only https:'],
    ['https://www.$(cmd).com/x', 'plain DNS name'],
    ['https://www.$(touch /tmp/pwned).com/x', 'not a valid URL'],
    ['https://www.`id`.com/x', 'plain DNS name'],
    ['https://a;b.com/', 'plain DNS name'],
    ['https://a&b.com/', 'plain DNS name'],
    ["https://a'b.com/", 'plain DNS name'],
    ['https://a"b.com/', 'plain DNS name'],
    ['https://a b.com/', 'not a valid URL'],
    ['https://a|b.com/', 'not a valid URL'],
    ['https://host:$(cmd)/x', 'not a valid URL'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://example.com/?q=a\\b', 'characters'],
    ["https://example.com/#a'b", 'characters'],
    ['https://169.254.169.254/latest', 'link-local'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://metadata.google.internal/', 'link-local'],
    ['', 'not a URL'],
    // The page gives these no link (safeHref): a name under localhost reads as another site.
    ['http://accounts.google.com.localhost:8080/o/oauth2/device', 'http: is opened only to localhost, 127.0.0.0/8 or [::1]'],
    ['http://localhost./device', 'http: is opened only to localhost'],
    ['http://[::ffff:127.0.0.1]/x', 'http: is opened only to localhost'],
  ])('refuses %s', (input, why) => {
    const error = refusal(() => validateBrowserUrl(input, 'to open', ANY_HOST));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(why);
  });
});

describe('validateEndpointUrl', () => {
  it('accepts https and loopback http', () => {
    expect(validateEndpointUrl('https://as.example.com/token', 'the token_endpoint', ANY_HOST).href).toBe('https://as.example.com/token');
    expect(validateEndpointUrl('http://127.0.0.1:9000/token', 'the token_endpoint', ANY_HOST).href).toBe('http://127.0.0.1:9000/token');
  });

  it.each(['http://as.example.com/token', 'https://as.example.com/token#frag', 'https://[::ffff:169.254.169.254]/', 'https://169.254.1.1/', 'file:///x'])('refuses %s', (input) => {
    expect(refusal(() => validateEndpointUrl(input, 'the token_endpoint', ANY_HOST)).message).toMatch(/^Refused the token_endpoint/);
  });

  it.each([
    ['https://[64:ff9b::a9fe:a9fe]/token', 'NAT64'],
    ['https://[::ffff:0:a9fe:a9fe]/token', 'IPv4-translated'],
    ['https://[::ffff:a9fe:a9fe]/token', 'IPv4-mapped'],
    ['https://168.63.129.16/machine', 'Azure'],
    ['https://100.100.100.200/latest', 'Alibaba'],
    ['https://[fd00:ec2::254]/latest', 'AWS'],
    ['https://0.0.0.0/token', 'unspecified'],
    // The URL parser reads this as 169.254.169.254.
    ['https://2852039166/token', 'link-local'],
    ['https://metadata.azure.com/token', 'metadata service'],
  ])('refuses the metadata address in the form %s', (input, why) => {
    const error = refusal(() => validateEndpointUrl(input, 'the token_endpoint', ANY_HOST));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(why);
  });

  it('keeps loopback in its IPv4-mapped form', () => {
    expect(validateEndpointUrl('http://[::ffff:127.0.0.1]:9000/token', 'the token_endpoint', ANY_HOST).hostname).toBe('[::ffff:7f00:1]');
  });
});

describe('host classification', () => {
  it('knows loopback and link-local hosts', () => {
    expect(isLoopbackHost('127.4.5.6')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLinkLocalOrMetadata('169.254.0.1')).toBe(true);
    expect(isLinkLocalOrMetadata('[febf::1]')).toBe(true);
    expect(isLinkLocalOrMetadata('[fec0::1]')).toBe(false);
    expect(isLinkLocalOrMetadata('metadata.google.internal.')).toBe(true);
    expect(isLinkLocalOrMetadata('example.com')).toBe(false);
  });
});

describe('how far a URL may lead is always stated', () => {
  it('neither validator has a default reach: a caller that names none does not compile', () => {
    // tsc fails here should `reach` become optional (a forgotten one would mean "this computer too").
    // @ts-expect-error the reach is required
    expect(() => validateBrowserUrl('http://127.0.0.1:8080/', 'to open')).toThrow();
    // @ts-expect-error the reach is required
    expect(() => validateEndpointUrl('http://127.0.0.1:8080/token', 'the endpoint')).toThrow();
  });
});
