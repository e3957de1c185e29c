import type { AppCspDomains } from './ui-meta';

/**
 * A source an app may declare: an origin over https or wss (a `*.` wildcard only as the first label),
 * or a loopback http/ws origin for a server on this machine. Anything else (keywords, paths, quotes,
 * `;`, bare `*`, `data:`) is dropped, so a declaration can only add origins, never rewrite the policy.
 */
const SOURCE = /^(https|wss):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;
const LOOPBACK = /^(http|ws):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/** Second-level labels that country registries sell under (`co.uk`, `com.au`, `ne.jp`…). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'gob', 'nic', 'mil']);

/**
 * A `*.` wildcard must stay inside one registered domain: `*.com`, `*.co.uk` or `*.com.au` would
 * allow everyone's sites. Without a public suffix list: at least two labels under the wildcard, and
 * three when they look like a country's second level (`co` + a two-letter code).
 */
function wildcardTooWide(value: string): boolean {
  const host = /^[a-z]+:\/\/\*\.([^:]+)/.exec(value)?.[1];
  if (host === undefined) return false;
  const labels = host.split('.');
  if (labels.length < 2) return true;
  const [second = '', top = ''] = labels.slice(-2);
  return labels.length === 2 && top.length === 2 && SECOND_LEVEL.has(second);
}

/** An IPv4 address as the URL standard writes one: four decimal parts, none above 255, no leading zero. */
const DOTTED_QUAD = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * Whether a source's host ends in a number and is not a plain IPv4 address. No top-level domain is
 * numeric; the URL standard parses such a host as IPv4 (WHATWG URL §3.5 "ends in a number"), so
 * `*.0.1` or `*.254.169.254` would match addresses (127.0.0.1, 169.254.169.254), and `127.1` or
 * `2130706433` are addresses in disguise.
 */
export function isNumericHost(source: string): boolean {
  const match = /^[a-z]+:\/\/(\*\.)?([^/:]+)/.exec(source.trim().toLowerCase());
  if (!match) return false;
  const [, wildcard, host = ''] = match;
  // The URL standard reads a last label of digits, or 0x and hex digits, as part of an IPv4 address.
  if (!/(^|\.)(\d+|0x[0-9a-f]*)$/.test(host)) return false;
  return wildcard !== undefined || !DOTTED_QUAD.test(host);
}

export function isAllowedSource(source: string): boolean {
  const value = source.trim().toLowerCase().replace(/\/$/, '');
  return (SOURCE.test(value) && !wildcardTooWide(value) && !isNumericHost(value)) || LOOPBACK.test(value);
}

function sources(list: readonly string[] | undefined): string[] {
  const kept = new Set<string>();
  for (const source of list ?? []) if (isAllowedSource(source)) kept.add(source.trim().toLowerCase().replace(/\/$/, ''));
  return [...kept];
}

function directive(name: string, base: readonly string[], declared: readonly string[]): string {
  const all = [...base, ...declared];
  return `${name} ${all.length > 0 ? all.join(' ') : "'none'"}`;
}

/**
 * The Content-Security-Policy an app's document is served with (SEP-1865 §security: a restrictive
 * default, widened only by the resource's `_meta.ui.csp`). Apps are single documents with inline
 * scripts and styles; nothing loads or connects anywhere the resource did not declare.
 */
export function appCsp(declared: AppCspDomains | undefined, ancestors: readonly string[]): string {
  const resource = sources(declared?.resourceDomains);
  const connect = sources(declared?.connectDomains);
  const frame = sources(declared?.frameDomains);
  const base = sources(declared?.baseUriDomains);
  return [
    "default-src 'none'",
    directive('script-src', ["'unsafe-inline'"], resource),
    directive('style-src', ["'unsafe-inline'"], resource),
    directive('img-src', ['data:', 'blob:'], resource),
    directive('font-src', ['data:'], resource),
    directive('media-src', ['data:', 'blob:'], resource),
    directive('connect-src', [], connect),
    directive('frame-src', [], frame),
    directive('base-uri', [], base),
    "worker-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
    // The document is sandboxed even if something opens it outside its frame (CSP3 §sandbox): scripts
    // only, an opaque origin, no popups, no top navigation, no forms.
    'sandbox allow-scripts',
    // Only the app's own screen may frame it (CSP3 §frame-ancestors), never another page of the person's.
    directive('frame-ancestors', [], ancestors.filter(isAllowedSource)),
  ].join('; ');
}
