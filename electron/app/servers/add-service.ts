import { ADD_SERVICE_STEPS, MAX_FAILED_OUTPUT, type AddServiceResult, type AddServiceStep, type ApiInput, type ServerStatus } from '../../../shared/api';
import { assertNoCaseTwin, assertNoSeparator, isStdio } from '../../../shared/config';
import { CodedError, errorMessage, hintSentence, isCodedError, type ErrorCode } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { refuseUnusableValue, secretKey, type Vault } from '../../../shared/vault';
import type { Pool } from '../../pool';
import { sendsSecret, type Registry } from '../../registry';
import { refuseLiteralSecrets } from './literal-secret-refusal';
import { refuseKeptVariables } from './kept-variable-refusal';
import { approvalCommandLine } from './shown-command';
import { missingPaths } from './missing-paths';

export interface AddServiceOptions {
  registry: Registry;
  /** The pool as the App API shows it (each status with the line its approval covers). */
  pool: Pick<Pool, 'status'>;
  vault: Vault;
  /** Signs in when needed (never, with `signIn` false) and starts the server (SignIns.connect), its status with its credential. */
  connect: (name: string, flow: 'browser' | 'device' | undefined, signIn: boolean) => Promise<ServerStatus>;
  /** Forgets the tokens a sign-in left for this server. */
  forgetTokens: (name: string) => Promise<void>;
  /** Resolves when the pool has applied every config change seen so far. */
  settled: () => Promise<void>;
  /** A server's state changed outside the pool (its approval). */
  emitState: (status: ServerStatus) => void;
  log?: (line: string) => void;
}

type Step = AddServiceResult['steps'][number];
type Undo = { what: string; run: () => Promise<unknown> };

function shownChanged(name: string): CodedError {
  return new CodedError('invalid_input', `What "${name}" would run is not what was shown; nothing was added or approved.`, {
    hint: 'Review it again: open the service from the catalog once more.',
  });
}

/** What was undone, in words, for the person told what is left (nothing). */
function undoneWords(undone: string[]): string {
  return undone.length === 0 ? 'Nothing had been written.' : `Nothing was kept: ${undone.join(', ')}.`;
}

/** The step after the last one done: the one that failed. */
function failedStep(done: readonly Step[]): AddServiceStep {
  return ADD_SERVICE_STEPS.find((step) => !done.some((d) => d.step === step)) ?? 'connect';
}

/**
 * `addService`: the secrets stored, the entry added, approved as the person was shown it, then
 * signed in and started, as one transaction. A step that fails (a sign-in cancelled or refused, a
 * program that does not start) undoes every step before it, in reverse, and the error says so.
 */
export function createAddService(deps: AddServiceOptions): (input: ApiInput<'addService'>) => Promise<AddServiceResult> {
  const { registry, vault } = deps;
  return async (input) => {
    const { name, config } = input;
    if (Object.hasOwn(registry.config().mcpServers, name)) {
      throw new CodedError('invalid_input', `A service named "${name}" already exists.`, { hint: 'Choose another name, or connect the service already there.' });
    }
    assertNoCaseTwin(Object.keys(registry.config().mcpServers), name);
    assertNoSeparator(name, Object.keys(registry.config().mcpServers));
    // As addServer: the secrets go in `secrets`, the entry holds references (a dry run is refused alike).
    refuseLiteralSecrets(name, config);
    refuseKeptVariables(config, registry.config().settings);
    // As secrets set: a value no server could be given is refused before anything is written.
    for (const secret of input.secrets ?? []) refuseUnusableValue(secret.value);
    const needsApproval = isStdio(config) || sendsSecret(config);
    const commandLine = needsApproval ? redact(approvalCommandLine(config)) : undefined;
    const shown = { ...(commandLine !== undefined ? { commandLine } : {}), needsApproval };
    if (input.dryRun === true) {
      const notes = missingPaths(config).map((missing) => redact(missing.note));
      return { ...shown, steps: [], ...(notes.length > 0 ? { notes } : {}) };
    }
    if (needsApproval && input.approve !== undefined && input.approve.commandLine !== commandLine) throw shownChanged(name);

    const steps: Step[] = [];
    const undo: Undo[] = [];
    try {
      const secrets = input.secrets ?? [];
      for (const secret of secrets) {
        const key = secretKey(secret.name, name);
        const before = await vault.get(key);
        await vault.set(key, secret.value);
        undo.push({ what: `the secret ${secret.name} ${before === undefined ? 'deleted' : 'put back as it was'}`, run: () => (before === undefined ? vault.delete(key) : vault.set(key, before)) });
      }
      steps.push({ step: 'secrets', outcome: secrets.length > 0 ? 'done' : 'not_needed' });

      await registry.addServer(name, config);
      undo.push({ what: `the entry "${name}" removed`, run: async () => (await registry.removeServer(name), await deps.settled()) });
      await deps.settled();
      steps.push({ step: 'add', outcome: 'done' });

      const entry = registry.require(name);
      const pending = registry.approvals.status(name, entry) === 'pending';
      if (pending && input.approve !== undefined) {
        // The line the core shows for the written entry, compared again: approve what was seen.
        if (deps.pool.status(name).commandLine !== input.approve.commandLine) throw shownChanged(name);
        // An earlier record for this name (a service removed before) comes back as it was; else none is left.
        const before = registry.approvals.recordOf(name);
        await registry.approvals.approve(name, entry);
        undo.push({ what: 'its approval withdrawn', run: () => registry.approvals.restore(name, before) });
        deps.emitState(deps.pool.status(name));
      }
      steps.push({ step: 'approve', outcome: !pending ? 'not_needed' : input.approve !== undefined ? 'done' : 'skipped' });

      if (input.connect === false || (pending && input.approve === undefined)) {
        steps.push({ step: 'connect', outcome: 'skipped' });
        return { ...shown, steps, status: deps.pool.status(name) };
      }
      // Tokens from a sign-in whose server then fails are not left behind either.
      undo.push({ what: 'its sign-in forgotten', run: () => deps.forgetTokens(name) });
      const status = await deps.connect(name, input.flow, input.signIn !== false);
      if (status.state === 'error' || status.state === 'needs_auth') {
        const stderr = status.lastError?.data?.['stderr'];
        throw new CodedError(status.state === 'error' ? 'server_unavailable' : 'auth_required', `"${name}" did not start: ${status.lastError?.message ?? status.state}`, {
          ...(status.lastError?.hint !== undefined ? { hint: status.lastError.hint } : {}),
          ...(typeof stderr === 'string' && stderr !== '' ? { data: { stderr } } : {}),
        });
      }
      steps.push({ step: 'connect', outcome: 'done' });
      return { ...shown, steps, status };
    } catch (error) {
      const undone: string[] = [];
      for (const step of undo.reverse()) {
        try {
          await step.run();
          if (step.what !== 'its sign-in forgotten') undone.push(step.what);
        } catch (failure) {
          deps.log?.(`[${name}] could not undo (${step.what}): ${failure instanceof Error ? failure.message : String(failure)}`);
        }
      }
      const code: ErrorCode = isCodedError(error) ? error.code : 'internal';
      const message = errorMessage(error);
      const sentence = /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
      throw new CodedError(code, `${sentence} ${undoneWords(undone)}`, {
        // After the entry is gone, a hint to sign in to it would lead nowhere.
        hint: isCodedError(error) && error.hint !== undefined && !steps.some((s) => s.step === 'add') ? error.hint : 'Fix what the message names, then add it again (the catalog, or `servers add … --connect`).',
        // The step that failed, with its own words: the sheet marks that step, not the last one done.
        data: { undone: true, steps: steps.map((s) => s.step), failed: { step: failedStep(steps), message: sentence, ...(isCodedError(error) && error.hint !== undefined ? { hint: hintSentence(error.hint) } : {}), ...outputOf(error) } },
      });
    }
  };
}

/** What the program printed before it failed to start (ended-error.ts `data.stderr`), its last part: the entry and its logs are removed with the rest. */
function outputOf(error: unknown): { output?: string } {
  const stderr = isCodedError(error) ? error.data?.['stderr'] : undefined;
  return typeof stderr === 'string' && stderr.trim() !== '' ? { output: stderr.slice(-MAX_FAILED_OUTPUT) } : {};
}
