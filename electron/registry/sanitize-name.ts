import { SERVER_NAME, holdsSeparator } from '../../shared/config';

const MAX_NAME = 48;

/**
 * Maps another client's server name onto our SERVER_NAME rule (names become bridge tool prefixes):
 * accents dropped, other characters and runs of `_` (`__` separates a server's name from its tools'
 * names) become "-", trimmed to 48. Never returns an invalid name, nor one that holds `__`.
 */
export function sanitizeServerName(name: string): string {
  if (SERVER_NAME.test(name) && !holdsSeparator(name)) return name;
  const out = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+|_{2,}/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, MAX_NAME)
    .replace(/[-_]+$/, '');
  return SERVER_NAME.test(out) ? out : 'server';
}
