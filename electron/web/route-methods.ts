import type { ServerResponse } from 'node:http';
import { isApiMethod } from '../../shared/api';
import { SECURITY_HEADERS } from './web-responses';

/** A page or file is read with GET, and HEAD answers as GET would, without the body (RFC 9110 §9.3.2). */
export const READ_METHODS = ['GET', 'HEAD'] as const;
const POST_ONLY = ['POST'] as const;

/** A tab's word that a person is at it, sent after a press when no other call said so (counts as use, does nothing else). */
export const STILL_HERE_PATH = '/api/still-here';

/** The App API's own paths beside its methods (`/api/<method>`): each takes POST. */
const POST_PATHS = new Set(['/api/session', '/api/ui-link', '/api/ui-link/request', '/api/sign-out', STILL_HERE_PATH]);

/**
 * The methods a known path takes, undefined for a path the server does not know (404). `isFile`
 * says whether a path names one of the page's files (asked only for paths outside /api/).
 */
export async function methodsAt(pathname: string, isFile: (pathname: string) => Promise<boolean>): Promise<readonly string[] | undefined> {
  if (pathname === '/health' || pathname === '/api/events') return READ_METHODS;
  if (POST_PATHS.has(pathname)) return POST_ONLY;
  if (pathname.startsWith('/api/')) return isApiMethod(pathname.slice('/api/'.length)) ? POST_ONLY : undefined;
  return (await isFile(pathname)) ? READ_METHODS : undefined;
}

/** A known path asked with a method it does not take: 405 naming the ones it does (RFC 9110 §15.5.6). */
export function sendWrongMethod(response: ServerResponse, pathname: string, allowed: readonly string[]): void {
  const allow = allowed.join(', ');
  response.writeHead(405, { ...SECURITY_HEADERS, allow, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error: { code: 'invalid_input', message: `${pathname} takes ${allow} only` } }));
}
