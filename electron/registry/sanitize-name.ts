import { SERVER_NAME } from '../../shared/config';

const MAX_NAME = 48;

/**
 * Maps another client's server name onto our SERVER_NAME rule (names become bridge tool prefixes):
 * accents dropped, other characters become "-", trimmed to 48. Never returns an invalid name.
 */
export function sanitizeServerName(name: string): string {
  if (SERVER_NAME.test(name)) return name;
  const out = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, MAX_NAME)
    .replace(/-+$/, '');
  return SERVER_NAME.test(out) ? out : 'server';
}
