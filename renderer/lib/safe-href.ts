const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The URL to put in an `href`, or undefined when it must be shown as plain text: only `https:`, and
 * `http:` to this computer (loopback), with no credentials inside. Server-supplied URLs pass through
 * here before they become links; `javascript:`, `data:`, `file:` and the like never do.
 */
export function safeHref(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string' || value.trim() !== value || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127(?:\.\d{1,3}){3}$/.test(url.hostname))) return url.href;
  return undefined;
}
