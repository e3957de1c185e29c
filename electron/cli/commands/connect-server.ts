import type { ServerStatus } from '../../../shared/api';
import { serverEntry, type ServerConfig } from '../../../shared/config';
import { CodedError, ERROR_REASONS, isCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { cutText } from '../../../shared/text';
import type { VaultHealth } from '../../../shared/vault';
import type { Core } from '../../app';
import type { FlowEvent } from '../../auth';
import type { CliContext } from '../context';
import type { Output } from '../output';
import { hasDesktop, signInOpener, type SignInOpenerOptions } from '../sign-in-opener';
import { findLiveApp } from '../start-up';

/**
 * Servers whose connect may end in a person's sign-in to keep: HTTP ones and stdio ones with an OAuth
 * "auth". Not a key from the config, nor client credentials: their tokens come again without anyone.
 */
export function mayKeepTokens(config: ServerConfig | undefined): boolean {
  const type = config?.auth?.type;
  if (config === undefined || type === 'api_key' || type === 'none' || type === 'client_credentials') return false;
  return 'url' in config || config.auth !== undefined;
}

/**
 * A sign-in into a memory-only vault would say it worked and die with this process (like `secrets
 * set`, refused before the sign-in begins). The running app, if any, is where a sign-in lasts.
 * `doing`: what the person asked (`connect`, `add`); `after`: what was undone, as a sentence.
 */
export async function lostSignIn(server: string, health: VaultHealth, dataDir: string, doing: 'connect' | 'add' = 'connect', after = ''): Promise<CodedError> {
  const live = await findLiveApp(dataDir);
  const where = live
    ? `or ${doing} it in the app running at ${live.origin} (its window; \`connected-services serve\` prints its address again)`
    : `or start the app (\`connected-services serve\`) and ${doing} it there`;
  return new CodedError('denied', `The sign-in of "${server}" would be lost when this command ends: ${health.message}${after}`, {
    hint: `Set CONNECTED_SERVICES_PASSPHRASE, or unlock or install an OS keychain, so the vault keeps it; ${where}`,
    data: { reason: ERROR_REASONS.vaultMemoryOnly, server },
  });
}

/** A refusal that says the server asked for a sign-in (its 401, or an OAuth "auth" with none held): not a store that cannot answer. */
export function asksForSignIn(error: unknown): boolean {
  return isCodedError(error) && error.code === 'auth_required' && error.data?.['store'] === undefined;
}

/** How long a device code has left, in words: seconds under a minute (a code may live 5 s), then whole minutes. */
export function codeLifetime(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

/** Code points of a verification address printed: an AS's address of thousands would flood the terminal. The browser gets it whole. */
export const MAX_SHOWN_ADDRESS = 200;

/**
 * A line redacted all but the device's user code (RFC 8628 §3.2: what the person types, no secret),
 * which a `code=` query parameter would otherwise hide.
 */
function withUserCode(line: string, userCode: string): string {
  if (userCode === '' || redact(userCode) !== userCode) return redact(line);
  const forms = [...new Set([userCode, encodeURIComponent(userCode)])];
  const escaped = forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Split keeping the codes (a capturing group): the odd pieces are the code, the even ones redacted.
  return line
    .split(new RegExp(`(${escaped.join('|')})`))
    .map((piece, i) => (i % 2 === 1 ? piece : redact(piece)))
    .join('');
}

/**
 * What a person at a terminal needs to follow a sign-in, on stderr (stdout stays for results).
 * `printsWhole`: the opener prints the address it is given whole just after (`--print-url`, no display).
 */
export function progress(output: Output, printsWhole = false): (event: FlowEvent) => void {
  return (event) => {
    if (event.type === 'device_code') {
      const address = cutText(event.verificationUri, MAX_SHOWN_ADDRESS);
      output.err(`To sign in, open ${address} and enter the code:`);
      output.err(`    ${event.userCode}`);
      const complete = event.verificationUriComplete === undefined ? undefined : cutText(event.verificationUriComplete, MAX_SHOWN_ADDRESS);
      if (complete) (output.errVerbatim ?? output.err)(withUserCode(`(or open ${complete})`, event.userCode));
      if (address !== event.verificationUri || complete !== event.verificationUriComplete) {
        const whole = printsWhole ? 'it is printed whole below' : `\`connected-services connect ${event.server} --device --print-url\` prints it whole`;
        output.err(`note: the address is longer than ${MAX_SHOWN_ADDRESS} characters, so it is cut here (…); ${whole}.`);
      }
      // RFC 8628 §3.3.1: a complete address on another origin than the one above is not used.
      if (event.ignoredCompleteOrigin !== undefined) {
        output.err(`note: the authorization server also gave an address with the code filled in, on another site (${event.ignoredCompleteOrigin}); it was not shown or opened: enter the code at the address above.`);
      }
      output.err(`The code expires in ${codeLifetime(event.expiresAt - Date.now())}. Waiting for approval…`);
    } else if (event.type === 'device_poll' && event.state === 'slow_down') {
      output.err(`The server asked to poll more slowly (every ${Math.round(event.intervalMs / 1000)} s).`);
    } else if (event.type === 'browser') {
      output.err('Waiting for the sign-in to finish in the browser…');
    }
  };
}

/**
 * The core of a command that may sign in: a running app signs in with its own opener (an opener here
 * would make the work local); with none, a machine without a display prints the address here.
 */
export async function signInCore(ctx: CliContext, options: SignInOpenerOptions): Promise<Core> {
  const custom = signInOpener(options, ctx.env, process.platform, process.stderr, (await findLiveApp(ctx.dataDir)) === undefined);
  return ctx.core(custom ? { opener: custom } : {});
}

/** Starts a server, signing in first when it needs it: in the running app, or here with the progress shown. */
export async function connectServer(ctx: CliContext, core: Core, server: string, options: { device?: boolean } & SignInOpenerOptions): Promise<ServerStatus> {
  const flow = options.device ? { flow: 'device' as const } : {};
  const app = ctx.runningApp();
  if (app) {
    // The running app signs in and keeps the tokens; its window (or `serve`'s address) shows a device code.
    // A name it does not have gets its not-found error alone, not a line saying it is being connected.
    if ((await core.api.status({})).servers.some((s) => s.name === server)) {
      ctx.output.err(`Connecting ${server} in the app running at ${app.origin}; follow the sign-in there if one is needed…`);
    }
    return core.api.connect({ name: server, ...flow });
  }
  const health = core.vault.health();
  if (!health.persistent && mayKeepTokens(serverEntry(core.registry.config(), server))) {
    // A server that asks for no sign-in starts as it is; one that does is refused before the sign-in begins.
    try {
      return await core.signIns.connect(server, { signIn: false });
    } catch (error) {
      throw asksForSignIn(error) ? await lostSignIn(server, health, ctx.dataDir) : error;
    }
  }
  // The opener signInCore chose prints the address whole after the progress lines.
  const printsWhole = !options.openWith && (options.printUrl === true || !hasDesktop(ctx.env, process.platform));
  return core.signIns.connect(server, { ...flow, onEvent: progress(ctx.output, printsWhole) });
}
