import { ADD_SERVICE_STEPS, type AddServiceFailure, type AddServiceStep, type ServerStatus, type SignInProgress } from '../../../shared/api';
import { hintSentence, type ErrorCode } from '../../../shared/errors';
import type { ShownError } from '../../lib';
import type { ConnectTarget } from './connect-target';
import { tryAgainWords } from './try-again-words';

/** `undone`: done, then taken back when a later step failed (the core leaves nothing behind). */
export type StepState = 'waiting' | 'active' | 'done' | 'undone' | 'not_needed' | 'failed';
export interface ShownStep {
  id: 'secrets' | 'add' | 'approve' | 'sign-in' | 'start';
  label: string;
  state: StepState;
  detail?: string;
}

export interface StepInput {
  plan: Pick<ConnectTarget, 'name' | 'secretNames'> & Partial<Pick<ConnectTarget, 'remote' | 'signIn'>>;
  needsApproval: boolean;
  /** Whether addService was called (the person approved). */
  started: boolean;
  /** How addService ended, once it has. */
  outcome: 'running' | 'done' | 'failed';
  status: ServerStatus | undefined;
  signIn: SignInProgress | undefined;
  /** The step the core says failed, with its own words (the server's row is gone by then: undone). */
  failure?: AddServiceFailure['failed'] & { code?: ErrorCode };
}

/** The core's message as a sentence before its hint: the pool's end without a stop ("… without a result"). */
const sentence = (message: string): string => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * Each step of adding a service in one go, live from what the core reports meanwhile (the server's
 * row, its sign-in): the call itself answers only at the end.
 */
export function connectSteps(input: StepInput): ShownStep[] {
  const steps = liveSteps(input);
  const { failure } = input;
  if (input.outcome !== 'failed' || failure === undefined) return steps;
  const signIn = steps.find((s) => s.id === 'sign-in');
  const failed = failure.step !== 'connect' ? failure.step : failure.code === 'auth_required' || signIn?.state === 'active' || signIn?.state === 'failed' ? 'sign-in' : 'start';
  const detail = failure.hint !== undefined ? `${sentence(failure.message)} ${hintSentence(tryAgainWords(failure.hint))}` : failure.message;
  const at = steps.findIndex((s) => s.id === failed);
  return steps.map((s, i): ShownStep => {
    if (i === at) return { id: s.id, label: s.id === 'sign-in' ? 'Sign in' : s.label, state: 'failed', detail };
    if (s.state === 'not_needed') return s;
    return { id: s.id, label: s.label, state: i < at ? 'undone' : 'waiting' };
  });
}

function liveSteps(input: StepInput): ShownStep[] {
  const { plan, status, signIn, started, outcome } = input;
  // Steps the core finished before the one that failed: done then, though undone since.
  const past = (step: AddServiceStep) => input.failure !== undefined && ADD_SERVICE_STEPS.indexOf(input.failure.step) > ADD_SERVICE_STEPS.indexOf(step);
  const added = status !== undefined || outcome === 'done' || past('add');
  const approved = !input.needsApproval || status?.approval === 'approved' || outcome === 'done' || past('approve');
  const needsSignIn = signIn !== undefined || status?.auth !== undefined;
  const ready = status?.state === 'ready' || outcome === 'done';
  const failed = outcome === 'failed';
  const step = (id: ShownStep['id'], label: string, done: boolean, active: boolean, detail?: string): ShownStep => ({
    id,
    label,
    state: done ? 'done' : failed && active ? 'failed' : active ? 'active' : 'waiting',
    ...(detail !== undefined ? { detail } : {}),
  });
  const names = plan.secretNames.join(', ');
  const steps: ShownStep[] = [];
  steps.push(plan.secretNames.length === 0 ? { id: 'secrets', label: 'No secret to store', state: 'not_needed' } : step('secrets', `Store ${names} in the vault`, started && (added || outcome !== 'running'), started && !added));
  steps.push(step('add', `Add ${plan.name} to your services`, added, started && !added));
  // Why nothing is approved is said above the steps, with the address (connect-sheet.tsx).
  const approveLabel = plan.remote === true ? 'Approve where it sends secrets, as shown' : 'Approve what runs, as shown';
  steps.push(input.needsApproval ? step('approve', approveLabel, approved, started && added && !approved) : { id: 'approve', label: 'Nothing to approve', state: 'not_needed' });
  const signing = signIn?.state === 'waiting';
  const signedIn = signIn?.state === 'signed_in' || (status?.auth?.connected ?? false) || ready;
  // What the entry says before it starts: a key given now is no sign-in, a program with none needs none.
  const known = plan.signIn === 'key' ? 'No sign-in: the API key you gave is sent with each request' : plan.signIn === 'none' && signIn === undefined ? 'No sign-in needed' : undefined;
  steps.push(
    known !== undefined
      ? { id: 'sign-in', label: known, state: 'not_needed' }
      : needsSignIn || !started
        ? step('sign-in', 'Sign in', started && signedIn && needsSignIn, started && approved && !signedIn && (signing || needsSignIn), signing ? 'Waiting for you on the sign-in page' : undefined)
        : { id: 'sign-in', label: 'No sign-in needed', state: 'not_needed' },
  );
  const tools = status?.toolCount ?? 0;
  steps.push(step('start', ready ? `Started: ${tools} ${tools === 1 ? 'tool' : 'tools'}` : 'Start it and list its tools', ready, started && approved && !signing && !ready));
  return steps;
}

/**
 * The note under the steps when one of them failed: that step already shows what failed, in its own
 * words and with its own advice, so the note keeps only what the core said beyond it (what it took
 * back) and its advice for the whole.
 */
export function noteBesideFailedStep(said: ShownError, failed: { message: string }): ShownError {
  if (!said.message.startsWith(failed.message)) return said;
  const rest = said.message.slice(failed.message.length).trim();
  return rest === '' ? said : { ...said, message: rest };
}
