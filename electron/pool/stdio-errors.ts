import { existsSync } from 'node:fs';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';

/** Why a stdio server's program could not be started, and what to fix. */
export function spawnError(error: unknown, { server, command, cwd }: { server: string; command: string; cwd?: string | undefined }): CodedError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return new CodedError('server_unavailable', redact(`could not start "${server}": its working directory ${cwd} does not exist`), {
      hint: redact(`fix "cwd" of "${server}" in mcp.json`),
      cause: error,
    });
  }
  if (code === 'ENOENT') {
    return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` was not found`), {
      hint: redact(`\`${command}\` was not found on PATH; run \`connected-services doctor\``),
      cause: error,
    });
  }
  if (code === 'EACCES') {
    return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` is not executable`), {
      hint: redact(`check the permissions of \`${command}\`; run \`connected-services doctor\``),
      cause: error,
    });
  }
  const message = errorMessage(error);
  return new CodedError('server_unavailable', redact(`could not start "${server}": ${message}`), {
    hint: 'run `connected-services doctor`',
    cause: error,
  });
}

/** The server wrote a stdout line longer than the limit: it is stopped (the line is never read whole). */
export function lineTooLong(server: string, limit: number): CodedError {
  return new CodedError('server_unavailable', `"${server}" wrote more than ${limit} bytes without a line break; it was stopped`, {
    hint: 'a stdio MCP server must write only newline-delimited JSON-RPC to stdout; check its command and arguments',
  });
}

/** The server sent more messages than wait to be handled: it is stopped. */
export function outran(server: string, queued: number): CodedError {
  return new CodedError('server_unavailable', `"${server}" sent messages faster than they could be handled; it was stopped`, {
    hint: `more than ${queued} messages were waiting; check the server, then start it again`,
  });
}
