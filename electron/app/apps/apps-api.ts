import { PERSON_CALLERS, type ApiInput, type ApiOutput, type AppApi, type AuditEntry, type Caller } from '../../../shared/api';
import { CodedError, isCodedError } from '../../../shared/errors';
import { redactor } from '../../../shared/redact';
import { checkBounds, toolTier } from '../../bridge';
import type { ServerConfig } from '../../../shared/config';
import { APP_MIME_TYPE, appFrameAllow, declaredSources, grantedPermissions, isVisibleToApps, localSourcesOnly, requestedPermissions, resourceApp, type AppPermission, type AppServerPlace } from '../../mcp-apps';
import type { Pool } from '../../pool';
import type { AppGrants } from './app-grants';
import type { AppsHost } from './apps-host';
import { nearSourcesDropped } from './near-sources';

export interface AppsApiOptions {
  pool: Pool;
  host: AppsHost;
  settled: () => Promise<void>;
  /** What the person allowed apps of each server (camera, microphone, …); nothing by default. */
  grants?: AppGrants;
  /** The call audit log: an app's calls are kept there, marked `via: 'app'` (issue #36 item 3). */
  audit?: (entry: AuditEntry) => void;
  /**
   * Where a refusal goes that the app caused alone (a tool not its own; nothing ran, nobody was asked):
   * counted past a bound per window as an agent's are (electron/bridge/audit-refusals.ts), so an app
   * left open and asking in a loop cannot rotate the call audit away. Unset: written as `audit`.
   */
  auditRefusal?: (entry: AuditEntry) => void;
  /** A server's entry, for where it runs: only a local server's app may reach this machine's ports. */
  serverConfig?: (server: string) => ServerConfig | undefined;
  /** The product's own origins besides the app origin (the bridge): never an app's to reach. */
  ownOrigins?: () => string[];
  /** What the pins say of a listed resource (electron/pinning): an app's document held or refused is not shown. */
  withheldResource?: (server: string, uri: string) => Promise<'held' | 'refused' | undefined>;
}

/** The person is told why an app is not shown: its document waits for their review, or they refused it. */
async function refuseWithheldApp(options: AppsApiOptions, server: string, tool: string, uri: string): Promise<void> {
  const withheld = await options.withheldResource?.(server, uri);
  if (withheld === undefined) return;
  const review = `connected-services servers review ${server}`;
  throw withheld === 'held'
    ? new CodedError('denied', `The app of "${tool}" (${uri}) is new on "${server}" and waits for your review; it is not shown until you accept it`, {
        hint: `Accept it in the service's waiting changes, or run \`${review}\``,
      })
    : new CodedError('denied', `You refused the app of "${tool}" (${uri}) on "${server}"; it is not shown`, {
        hint: `To show it after all, accept it among the refused items of \`${review}\` or the service's page`,
      });
}

function placeOf(config: ServerConfig | undefined): AppServerPlace | undefined {
  if (config === undefined) return undefined;
  return 'url' in config ? { kind: 'http', url: config.url } : { kind: 'stdio' };
}

/** `who`: the caller (the door passes it; in-process callers are the person's). An app is its opener's, and the person's, to use and close. */
type AppsMethods = Pick<AppApi, 'listAppPermissions' | 'setAppPermissions'> & {
  openApp(input: ApiInput<'openApp'>, who?: Caller): Promise<ApiOutput<'openApp'>>;
  callAppTool(input: ApiInput<'callAppTool'>, who?: Caller): Promise<ApiOutput<'callAppTool'>>;
  closeApp(input: ApiInput<'closeApp'>, who?: Caller): Promise<ApiOutput<'closeApp'>>;
  keepApp(input: ApiInput<'keepApp'>, who?: Caller): Promise<ApiOutput<'keepApp'>>;
};

/** The answer to any app a caller may not use or close, as to one that never was: it learns nothing of other callers' apps. */
export const notOpen = (): CodedError => new CodedError('not_found', 'That app was closed or has expired', { hint: 'open it again from the tool' });

/** The person reaches any app; any other caller (the command line) only the apps it opened. */
const reaches = (openedBy: string | undefined, who: Caller | undefined): boolean => who === undefined || PERSON_CALLERS.has(who) || openedBy === who;

/** The app's document among a read's contents: the item of its address, as text or base64 blob. */
function documentOf(contents: ReadonlyArray<Record<string, unknown>>, uri: string, maxBytes: number): { html: string; meta: unknown } {
  const item = contents.find((c) => c['uri'] === uri) ?? contents[0];
  if (!item || item['mimeType'] !== APP_MIME_TYPE) {
    throw new CodedError('invalid_input', `${uri} is not an app document (${APP_MIME_TYPE})`, { hint: 'the server offers an app it does not serve; tell its maintainers' });
  }
  const text = item['text'];
  const blob = item['blob'];
  const bytes = typeof text === 'string' ? Buffer.byteLength(text) : typeof blob === 'string' ? Math.floor((blob.length * 3) / 4) : 0;
  if (bytes > maxBytes) throw new CodedError('invalid_input', `The app at ${uri} is larger than ${String(Math.round(maxBytes / 1024 / 1024))} MiB`);
  const html = typeof text === 'string' ? text : typeof blob === 'string' ? Buffer.from(blob, 'base64').toString('utf8') : undefined;
  if (html === undefined) throw new CodedError('invalid_input', `${uri} has no document`);
  return { html, meta: item['_meta'] };
}

/** MCP Apps in the app (SEP-1865): a tool's app opened on the app origin, and closed again. */
export function createAppsApi(options: AppsApiOptions): AppsMethods {
  const { pool, host } = options;
  const audit = options.audit ?? (() => undefined);
  const auditRefusal = options.auditRefusal ?? audit;
  return {
    openApp: async ({ server, tool }: ApiInput<'openApp'>, who?: Caller) => {
      await options.settled();
      // A server not started yet has no inventory to find the tool in: opening its app starts it.
      let info = (await pool.tools(server)).find((t) => t.name === tool);
      if (info === undefined) {
        await pool.start(server);
        info = (await pool.tools(server)).find((t) => t.name === tool);
      }
      const uri = info?.app?.resourceUri;
      if (uri === undefined) throw new CodedError('not_found', `"${server}" has no app for "${tool}"`, { hint: 'the Tools tab marks the tools that have one' });
      await refuseWithheldApp(options, server, tool, uri);
      const read = await pool.readResource(server, uri);
      const { html, meta } = documentOf(read.contents, uri, host.shelf.maxBytes);
      const resource = resourceApp(meta);
      const granted = grantedPermissions(resource, (await options.grants?.allowed(server)) ?? new Set<AppPermission>());
      const place = placeOf(options.serverConfig?.(server));
      const local = localSourcesOnly(resource.csp, place, [...host.ownOrigins(), ...(options.ownOrigins?.() ?? [])]);
      const near = nearSourcesDropped(local.declared, place);
      const declared = near.declared;
      const dropped = [...local.dropped, ...near.dropped];
      const appId = host.shelf.put({ server, uri, html, declared, granted, ...(who !== undefined ? { openedBy: who } : {}) });
      const origins = [...new Set(declaredSources(declared))];
      return {
        appId,
        frame: host.frameOf(appId),
        address: host.addressOf(appId),
        allow: appFrameAllow(granted),
        requested: requestedPermissions(resource),
        ...(resource.prefersBorder !== undefined ? { prefersBorder: resource.prefersBorder } : {}),
        ...(origins.length > 0 ? { origins } : {}),
        ...(dropped.length > 0 ? { dropped } : {}),
      };
    },
    callAppTool: async ({ appId, tool, arguments: args }: ApiInput<'callAppTool'>, who?: Caller) => {
      const app = host.shelf.get(appId);
      if (!app || !reaches(app.openedBy, who)) throw notOpen();
      host.shelf.keep(appId);
      const started = Date.now();
      const audited = { time: started, agent: '', server: app.server, kind: 'tool' as const, tool, via: 'app' as const };
      let tier: AuditEntry['tier'];
      let ran: number | undefined;
      try {
        const result = await callFromApp(appId, app.server, tool, args, (t) => (tier = t), () => (ran = Date.now()));
        audit({ ...audited, ...(tier !== undefined ? { tier } : {}), durationMs: Date.now() - started, ...(ran !== undefined ? { callMs: Date.now() - ran } : {}), outcome: result.isError === true ? 'tool_error' : 'ok' });
        return redactor.redactValue(result);
      } catch (error) {
        const code = isCodedError(error) ? error.code : undefined;
        const outcome = code === 'denied' ? 'denied' : 'error';
        const alone = (outcome === 'denied' || code === 'invalid_input') && tier === undefined && ran === undefined;
        (alone ? auditRefusal : audit)({ ...audited, ...(tier !== undefined ? { tier } : {}), durationMs: Date.now() - started, ...(ran !== undefined ? { callMs: Date.now() - ran } : {}), outcome, ...(code !== undefined ? { errorCode: code } : {}) });
        throw error;
      }
    },
    closeApp: ({ appId }: ApiInput<'closeApp'>, who?: Caller) => {
      // The person closes any app (one gone already too); the command line only what it opened.
      if (!reaches(host.shelf.get(appId)?.openedBy, who)) return Promise.reject(notOpen());
      host.shelf.drop(appId);
      host.calls.dropApp(appId);
      return Promise.resolve({ ok: true as const });
    },
    keepApp: ({ appId }: ApiInput<'keepApp'>, who?: Caller) => {
      const app = host.shelf.get(appId);
      if (!app || !reaches(app.openedBy, who) || !host.shelf.keep(appId)) return Promise.reject(notOpen());
      return Promise.resolve({ ok: true as const });
    },
    listAppPermissions: async ({ server }: ApiInput<'listAppPermissions'>) => ({ allowed: [...((await options.grants?.allowed(server)) ?? [])] }),
    setAppPermissions: async ({ server, allowed }: ApiInput<'setAppPermissions'>) => {
      if (!options.grants) throw new CodedError('server_unavailable', 'This process keeps no app permissions', { hint: 'allow it in the running app' });
      await options.grants.set(server, allowed);
      return { ok: true as const };
    },
  };

  /** One call an app asks for: its own server's tools visible to apps; past a read only once the person allowed it. */
  async function callFromApp(appId: string, server: string, tool: string, args: Record<string, unknown> | undefined, judged: (tier: NonNullable<AuditEntry['tier']>) => void, running: () => void): ReturnType<Pool['callTool']> {
    // Bounded before anything walks them (the person's card, the redactor, the server's transport), as an agent's are.
    const unbounded = checkBounds(args ?? {}, 'arguments');
    if (unbounded) throw unbounded;
    await options.settled();
    // SEP-1865 §tool visibility: an app reaches only its own server's tools that are visible to apps.
    const info = (await pool.tools(server)).find((t) => t.name === tool);
    if (!info || !isVisibleToApps(info.app === undefined ? undefined : { ui: info.app })) {
      throw new CodedError('denied', `The app of "${server}" may not call "${tool}"`, { hint: 'an app calls only its own server’s tools that are visible to apps' });
    }
    const tier = toolTier(info);
    judged(tier);
    // A change runs only once the person has seen the tool and its arguments and allowed it (decision kind `appCall`).
    if (tier !== 'read') {
      const outcome = await host.calls.hold({ appId, frame: host.frameOf(appId), server, tool, tier, arguments: args ?? {} });
      if (outcome !== 'allowed') {
        throw new CodedError('denied', `You did not allow the app of "${server}" to run "${tool}" (${outcome})`, { hint: 'the app may ask again' });
      }
      if (!host.shelf.get(appId)) throw new CodedError('not_found', 'That app was closed while it waited', { hint: 'open it again from the tool' });
    }
    running();
    return pool.callTool(server, tool, args ?? {});
  }
}
