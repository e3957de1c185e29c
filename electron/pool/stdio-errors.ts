import { existsSync } from 'node:fs';
import path from 'node:path';
import { CodedError, FIX_IN_ENTRY, errorMessage, fixInField, type EntryField } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { CmdPercentError } from '../proc-env';

/**
 * What to do about a program that was not found. A path (`/opt/x/server`, `./bin/server`) is not
 * looked up on PATH: either no file is there, or the file's `#!` line names an interpreter that is
 * missing (the system says ENOENT for both).
 */
function notFoundHint(server: string, command: string, cwd: string | undefined): string {
  if (!/[\\/]/.test(command)) return `\`${command}\` was not found on PATH; run \`connected-services doctor\``;
  if (!existsSync(path.resolve(cwd ?? '.', command))) {
    return `there is no program at \`${command}\`: fix the command of "${server}" (\`connected-services servers edit ${server} --command …\`), or install the program there`;
  }
  return `\`${command}\` is there, but the interpreter its first line (\`#!…\`) names was not found: install it, or run the script with it in the command`;
}

/**
 * The entry field behind the property Node refused (`args[1]`, `options.cwd`, `options.env['X']`).
 * No argument index: Node counts the launched arguments, which a Windows launch wraps.
 */
function refusedField(property: string | undefined): EntryField | undefined {
  if (property === undefined) return undefined;
  if (property.startsWith('args[')) return 'args';
  if (property.startsWith('options.env')) return 'env';
  if (property === 'options.cwd') return 'cwd';
  return property === 'file' || property === 'command' ? 'command' : undefined;
}

function fieldOrEntry(field: EntryField | undefined): Record<string, unknown> {
  return field === undefined ? { ...FIX_IN_ENTRY } : fixInField(field);
}

/** Why a stdio server's program could not be started, and what to fix. */
export function spawnError(error: unknown, { server, command, cwd }: { server: string; command: string; cwd?: string | undefined }): CodedError {
  if (error instanceof CmdPercentError) {
    const where = error.argIndex === undefined ? 'its command' : `its args[${error.argIndex}]`;
    // The value is not shown: an argument may hold a secret.
    return new CodedError('server_unavailable', redact(`could not start "${server}": ${where} holds "%", and \`${command}\` runs through cmd.exe, which would expand it as an environment variable`), {
      hint: redact(`run the program's .exe (or its script with its interpreter, e.g. \`node server.js\`) as the command of "${server}" instead of the .cmd/.bat, or take the % out of the argument`),
      data: error.argIndex === undefined ? fixInField('command') : fixInField('args', error.argIndex),
      cause: error,
    });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return new CodedError('server_unavailable', redact(`could not start "${server}": its working directory ${cwd} does not exist`), {
      hint: redact(`fix "cwd" of "${server}" in mcp.json`),
      data: fixInField('cwd'),
      cause: error,
    });
  }
  if (code === 'ENOENT') {
    return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` was not found`), { hint: redact(notFoundHint(server, command, cwd)), data: fixInField('command'), cause: error });
  }
  if (code === 'EACCES') {
    return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` is not executable`), {
      hint: redact(`check the permissions of \`${command}\`; run \`connected-services doctor\``),
      cause: error,
    });
  }
  // Node quotes the refused value, which may hold a secret in a form the redactor cannot see (`\x00`).
  if (code === 'ERR_INVALID_ARG_VALUE' || code === 'ERR_INVALID_ARG_TYPE') {
    const property = /^The (?:property|argument) '(.{1,100}?)' (?:must|is)/.exec(errorMessage(error))?.[1];
    return new CodedError('server_unavailable', redact(`could not start "${server}": ${property ?? 'its environment or arguments'} cannot be passed to a program`), {
      hint: 'an environment value or argument holds a NUL byte or is not text; fix it in mcp.json or in the secret it names',
      data: fieldOrEntry(refusedField(property)),
      cause: error,
    });
  }
  const message = errorMessage(error);
  return new CodedError('server_unavailable', redact(`could not start "${server}": ${message}`), {
    hint: 'run `connected-services doctor`',
    cause: error,
  });
}

/**
 * The server wrote a stdout line longer than the limit: it is stopped (the line is never read whole).
 * `lead`, the line's first byte past white space: `{` is a JSON-RPC message too large to read, not a
 * server writing something else to stdout.
 */
export function lineTooLong(server: string, limit: number, lead?: number): CodedError {
  // A library's small bound (under a MiB) in KiB: "0 MiB" would say nothing.
  const mib = limit >= 1024 * 1024 ? `${Math.round((limit / (1024 * 1024)) * 10) / 10} MiB` : `${Math.max(1, Math.round(limit / 1024))} KiB`;
  if (lead === 0x7b) {
    return new CodedError('server_unavailable', `"${server}" sent a message over ${mib}; it was not read, and the server was stopped (one message from a server may hold at most ${mib})`, {
      hint: `the server's answer is too large: ask it for less (a narrower query, a smaller page), or check the server`,
    });
  }
  return new CodedError('server_unavailable', `"${server}" wrote more than ${mib} without a line break; it was stopped`, {
    hint: 'a stdio MCP server must write only newline-delimited JSON-RPC to stdout; check its command and arguments',
  });
}

/** The server sent more messages than wait to be handled: it is stopped. */
export function outran(server: string, queued: number): CodedError {
  return new CodedError('server_unavailable', `"${server}" sent messages faster than they could be handled; it was stopped`, {
    hint: `more than ${queued} messages were waiting; check the server, then start it again`,
  });
}

/** The server closed its stdout and went on running: it can answer nothing more, so it is stopped. */
export function closedStdout(server: string): CodedError {
  return new CodedError('server_unavailable', `"${server}" closed its stdout but kept running; it was stopped`, {
    hint: 'a stdio MCP server answers on stdout for as long as it runs; check the server, then start it again',
  });
}
