import type { ApiMethod } from '../../../shared/api';

/**
 * Methods whose outcome belongs to the caller that asked (an opened MCP App is its opener's to
 * use and close): the door tells them who calls, and confirming one for the command line runs it as the
 * command line's, so what it opened stays its own.
 */
export const OPENER_BOUND: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['openApp', 'callAppTool', 'closeApp', 'keepApp']);
