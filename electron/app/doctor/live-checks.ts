import type { Approval, DoctorCheck } from '../../../shared/api';
import { isEnabled, type ServerConfig, isStdio } from '../../../shared/config';
import { CodedError, hintSentence, toCodedError, type ErrorCode } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { meaningfulStderr, OUTPUT_BELOW, PRINTED_NOTHING } from '../../pool';
import { inCode, type FromCode } from './code-entry';

export interface LiveCheckOptions {
  servers: Record<string, ServerConfig>;
  approval: (name: string, config: ServerConfig) => Approval;
  /** One harmless exchange through the pool (initialize, then the listings); resolves to the tool count. */
  probe: (name: string) => Promise<number>;
  /** A server that answers nothing within this bound counts as failing now. */
  timeoutMs: number;
  /** Starts the bound's timer (injected so tests decide it, not the clock). */
  timer?: (ms: number, fire: () => void) => () => void;
  fromCode?: FromCode;
}

const DEFAULT_FIX: Partial<Record<ErrorCode, (name: string) => string>> = {
  auth_required: (name) => `connected-services connect ${name}`,
  timeout: (name) => `Check that "${name}" starts on its own, or raise its startupTimeoutMs in mcp.json`,
  server_unavailable: (name) => `Is "${name}" running and reachable? Then \`connected-services connect ${name}\``,
  denied: (name) => `connected-services servers approve ${name}`,
  invalid_config: () => 'Fix the entry in mcp.json (see the check above)',
};

function defaultTimer(ms: number, fire: () => void): () => void {
  const handle = setTimeout(fire, ms);
  return () => clearTimeout(handle);
}

function bounded<T>(work: Promise<T>, name: string, options: LiveCheckOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = (options.timer ?? defaultTimer)(options.timeoutMs, () =>
      reject(new CodedError('timeout', `"${name}" did not answer within ${Math.round(options.timeoutMs / 1000)} s`)),
    );
    work.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Lines of a server's output shown under its check, each cut to one readable line. */
const OUTPUT_LINES = 8;
const OUTPUT_LINE_CHARS = 200;

/**
 * A start that ended: the pool's hint points at output printed "below" and at doctor itself, which
 * inside doctor is neither there nor of use. Its output goes in the detail; the fix says what is left.
 */
function endedStart(coded: CodedError, detail: string): { detail: string; fix: string } | undefined {
  const stderr = coded.data?.['stderr'];
  if (coded.hint?.startsWith(OUTPUT_BELOW) === true && typeof stderr === 'string') {
    const tail = meaningfulStderr(stderr)
      .slice(-OUTPUT_LINES)
      .map((line) => `  ${line.length > OUTPUT_LINE_CHARS ? `${line.slice(0, OUTPUT_LINE_CHARS - 1)}…` : line}`);
    if (tail.length > 0) return { detail: [detail, 'its output ended with:', ...tail].join('\n'), fix: 'Fix what its output above says; its command run by hand shows all it prints' };
  }
  if (coded.hint?.startsWith(PRINTED_NOTHING) === true) return { detail, fix: hintSentence(PRINTED_NOTHING) };
  return undefined;
}

async function liveCheck(name: string, config: ServerConfig, options: LiveCheckOptions): Promise<DoctorCheck> {
  const id = `live:${name}`;
  const title = `Live ${name}`;
  // Never spawned for a check: an unapproved command waits for the person, as does a URL an unapproved entry would send secrets to.
  if (options.approval(name, config) === 'pending') {
    const detail = isStdio(config) ? 'not tried: its command is waiting for your approval' : 'not tried: where it sends its secrets is waiting for your approval';
    return { id, title, status: 'warn', detail, fix: `connected-services servers approve ${name}` };
  }
  try {
    const tools = await bounded(options.probe(name), name, options);
    return { id, title, status: 'ok', detail: `answered initialize and tools/list (${tools} tool${tools === 1 ? '' : 's'})` };
  } catch (error) {
    const coded = toCodedError(error);
    const detail = `a call would fail now: [${coded.code}] ${coded.message}`;
    const ended = endedStart(coded, detail);
    // The doctor is what is running: a hint's "(run `connected-services doctor`)" would send the person back to it.
    const hint = coded.hint?.replace(/ \(run `connected-services doctor`\)/g, '');
    const fix = ended?.fix ?? (hint === undefined ? undefined : hintSentence(hint)) ?? DEFAULT_FIX[coded.code]?.(name) ?? `connected-services status`;
    return { id, title, status: 'fail', detail: redact(ended?.detail ?? detail), fix: redact(options.fromCode?.(name) === true ? inCode(fix) : fix) };
  }
}

/** `doctor --live`: one harmless exchange with every enabled server, all at once, each bounded. */
export function liveChecks(options: LiveCheckOptions): Promise<DoctorCheck[]> {
  const enabled = Object.entries(options.servers).filter(([, config]) => isEnabled(config));
  return Promise.all(enabled.map(([name, config]) => liveCheck(name, config, options)));
}
