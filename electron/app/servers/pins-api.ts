import type { ApiInput, ApiOutput, PinDecision } from '../../../shared/api';
import { CodedError, errorMessage, isCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { ToolPins } from '../../pinning';
import type { Registry } from '../../registry';

export interface PinsApiOptions {
  pins: ToolPins;
  registry: Registry;
  /** Resolves when the pool has applied every config change seen so far. */
  settled: () => Promise<void>;
  /** Lists the server afresh (starting it if need be), its listing reviewed by the pins before this resolves. */
  relist: (server: string) => Promise<void>;
  /** Has the pool's last listing of the server (its cache at start) reviewed by the pins; never starts it. */
  reviewListing: (server: string) => Promise<void>;
}

export interface PinsMethods {
  listHeldChanges(input: ApiInput<'listHeldChanges'>): Promise<ApiOutput<'listHeldChanges'>>;
  listRefused(input: ApiInput<'listRefused'>): Promise<ApiOutput<'listRefused'>>;
  listForgottenRemovals(input: ApiInput<'listForgottenRemovals'>): Promise<ApiOutput<'listForgottenRemovals'>>;
  listRemoved(input: ApiInput<'listRemoved'>): Promise<ApiOutput<'listRemoved'>>;
  reviewChanges(input: ApiInput<'reviewChanges'>): Promise<ApiOutput<'reviewChanges'>>;
}

/**
 * "Nothing waits" would be false of a server whose pin file could not be read: nothing it lists
 * reaches agents, yet nothing is held until its next listing (electron/pinning, fails closed).
 */
async function refuseUnreadable(pins: ToolPins, server: string): Promise<void> {
  const lost = await pins.unreadable(server);
  if (lost === undefined) return;
  throw new CodedError('invalid_config', redact(`The pinned tools of "${server}" could not be read (${lost.reason}): ${lost.file}. Nothing ${server} lists reaches agents until you review it.`), {
    hint: `Run \`connected-services tools ${server}\` once: that listing holds everything ${server} lists, and \`connected-services servers review ${server}\` then shows it to accept or refuse. Do not delete the file: a server without one has its next listing approved whole.`,
    data: { pinFile: lost.file },
  });
}

/**
 * A refusal is accepted only as the server lists it now: its listing is asked for afresh first, so the
 * pins compare the refused definition with what the server carries at this moment, not at its last start.
 */
async function relistForRefusals(pins: ToolPins, server: string, decisions: readonly PinDecision[], relist: (server: string) => Promise<void>): Promise<void> {
  const accepting = decisions.filter((d) => d.decision === 'accept');
  if (accepting.length === 0) return;
  const refused = await pins.refused(server);
  if (!accepting.some((d) => refused.some((r) => r.kind === d.kind && r.name === d.name))) return;
  try {
    await relist(server);
  } catch (error) {
    const why = errorMessage(error);
    throw new CodedError(isCodedError(error) ? error.code : 'server_unavailable', redact(`Could not check what "${server}" lists now (${why}), so nothing you refused was accepted. Nothing was decided.`), {
      hint: isCodedError(error) && error.hint !== undefined ? error.hint : `Start "${server}" (\`connected-services connect ${server}\`), then decide again.`,
    });
  }
}

/** Tools pinned at approval: what waits for the person, and their decisions (docs/configuration.md, "Pinned tools"). */
export function createPinsApi({ pins, registry, settled, relist, reviewListing }: PinsApiOptions): PinsMethods {
  const servers = (): string[] => Object.keys(registry.config().mcpServers);
  /** One view of the pins, of one server (named as configured, its pins read) or of every configured server. */
  const listOf =
    <T>(view: (server: string) => Promise<T[]>) =>
    async ({ server }: { server?: string | undefined }): Promise<T[]> => {
      await settled();
      if (server !== undefined) {
        // A misspelt name is an error that says so, not "nothing waits".
        registry.require(server);
        // First: a listing under review meanwhile (the pool reviews a cached one at start) replaces the lost pins.
        await refuseUnreadable(pins, server);
        return view(server);
      }
      return (await Promise.all(servers().map(view))).flat();
    };
  return {
    listHeldChanges: listOf((server) => pins.held(server)),
    // Whether a refusal is still listed, and as refused, is known from a listing reviewed.
    listRefused: listOf(async (server) => {
      await reviewListing(server).catch(() => undefined);
      return pins.refused(server);
    }),
    listForgottenRemovals: listOf((server) => pins.forgotten(server)),
    listRemoved: listOf((server) => pins.removed(server)),
    async reviewChanges({ name, decisions, acceptAll, resetForgotten }) {
      registry.require(name);
      let chosen: PinDecision[] = decisions ?? [];
      if (acceptAll === true) chosen = (await pins.held(name)).map((held) => ({ kind: held.kind, name: held.name, decision: 'accept' }));
      if (chosen.length === 0 && resetForgotten !== true) {
        if (acceptAll === true) return { ok: true };
        throw new CodedError('invalid_input', 'Name the tools to accept, refuse or forget, or accept all.', { hint: `Run \`connected-services servers review ${name}\` to see what waits.` });
      }
      await relistForRefusals(pins, name, chosen, relist);
      await pins.decide(name, chosen, resetForgotten === true);
      return { ok: true };
    },
  };
}
