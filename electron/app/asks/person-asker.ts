import type { CallAsker } from '../../pool';

/** A call the person makes through the App API (the UI, the CLI's `call`); `callId` lets the caller find its requests. */
export interface PersonAsker extends CallAsker {
  readonly kind: 'person';
  readonly callId?: string;
}

export function personAsker(callId?: string): PersonAsker {
  return { kind: 'person', label: 'you', ...(callId !== undefined ? { callId } : {}) };
}

export function isPersonAsker(asker: CallAsker | undefined): asker is PersonAsker {
  return asker !== undefined && (asker as Partial<PersonAsker>).kind === 'person';
}
