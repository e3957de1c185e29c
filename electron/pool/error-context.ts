import type { EndInfo } from './ended-error';

/** What is known about a connection when one of its requests fails. */
export interface ErrorContext {
  server: string;
  phase: 'start' | 'call';
  /** What was being done, e.g. `tool "echo"`. */
  what?: string;
  timeoutMs: number;
  /** The mcp.json field that set `timeoutMs` (callTimeout), for a timeout's hint; default the server's "timeoutMs". */
  raise?: string;
  /** The caller gave this call its own `timeoutMs` (`call --timeout`, a program's option): mcp.json did not set it. */
  ownTimeout?: boolean;
  /** For http servers. */
  url?: string;
  /** For stdio servers: why the connection ended, once it has. */
  ended?: () => EndInfo | undefined;
}
