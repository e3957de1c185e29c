import { PIN_KIND_WORDS, shortDigest, type ApiInput, type ApiMethod, type PinDecision } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';

const q = (text: string): string => `"${revealHidden(text)}"`;

/** Names listed in one line of `reviewChanges`; the rest counted. */
const MAX_NAMED = 10;

function named(decisions: readonly PinDecision[], each: (d: PinDecision) => string): string {
  const shown = decisions.slice(0, MAX_NAMED).map(each);
  if (decisions.length > MAX_NAMED) shown.push(`${decisions.length - MAX_NAMED} more`);
  return shown.join(', ');
}

const what = (d: PinDecision): string => `the ${PIN_KIND_WORDS[d.kind]} ${q(d.name)}`;

/**
 * The person's decisions on a server's pinned tools, in words: which server, which tools, and that an
 * accept is of the definition shown (by its digest) or of whatever waits when it runs.
 */
export function summarizeReview({ name, decisions = [], acceptAll, resetForgotten }: ApiInput<'reviewChanges'>): string {
  const of = (decision: PinDecision['decision']): PinDecision[] => decisions.filter((d) => d.decision === decision);
  const parts: string[] = [];
  if (acceptAll === true) parts.push('accept everything that waits for review when you confirm, as it is then');
  if (of('accept').length > 0) {
    parts.push(`accept ${named(of('accept'), (d) => (d.digest !== undefined ? `${what(d)} as shown (digest ${shortDigest(d.digest)})` : `${what(d)} as it is when you confirm`))}`);
  }
  if (of('refuse').length > 0) parts.push(`refuse ${named(of('refuse'), what)} (agents never see it)`);
  if (of('forget').length > 0) parts.push(`forget the refusal of ${named(of('forget'), what)} (listed again, it waits for review)`);
  if (of('dismiss').length > 0) parts.push(`no longer show ${named(of('dismiss'), what)} as removed by the server (listed again changed, it waits for review)`);
  if (resetForgotten === true) parts.push('let pinning.acceptNewTools approve its new tools again');
  return `review the tools of ${q(name)}: ${parts.join('; ') || 'nothing'}`;
}

/** The lines of the methods that start, stop and answer things (admin-summary.ts has those that change settings). */
export function summarizeAction(method: ApiMethod, input: unknown): string | undefined {
  switch (method) {
    case 'connect': {
      const { name, flow, retry } = input as ApiInput<'connect'>;
      const how = flow === 'device' ? ', signing in with a code' : flow === 'browser' ? ', signing in with the browser' : '';
      return `${retry ? 'start again the sign-in to' : 'connect'} ${q(name)}${how}`;
    }
    case 'cancelLogin':
      return `cancel the sign-in to ${q((input as ApiInput<'cancelLogin'>).name)}`;
    case 'stopServer':
      return `stop the server ${q((input as ApiInput<'stopServer'>).name)}`;
    case 'restartServer':
      return `restart the server ${q((input as ApiInput<'restartServer'>).name)}`;
    case 'cancelCall':
      return 'cancel a call made from the tool browser';
    case 'refreshRegistries':
      return (input as ApiInput<'refreshRegistries'>).full ? 'read the MCP registries again from the start' : 'check the MCP registries for new entries';
    case 'withdrawConfirmation':
      return `withdraw the change ${(input as ApiInput<'withdrawConfirmation'>).id} it asked for`;
    case 'decideConfirmation': {
      const { decision } = input as ApiInput<'decideConfirmation'>;
      return decision === 'confirm' ? 'confirm a change asked from the command line' : 'refuse a change asked from the command line';
    }
    case 'testStoreReference': {
      const { store, path } = input as ApiInput<'testStoreReference'>;
      return `test that ${q(path)} of the secret store ${q(store)} resolves`;
    }
    case 'revealStoreReference': {
      const { store, path } = input as ApiInput<'revealStoreReference'>;
      return `show the value of ${q(path)} in the secret store ${q(store)}`;
    }
    case 'reviewChanges':
      return summarizeReview(input as ApiInput<'reviewChanges'>);
    case 'acknowledgeChanges':
      return 'mark the changes made while the app was closed as reviewed';
    case 'answerAsk': {
      const { action } = input as ApiInput<'answerAsk'>;
      const verb = action === 'accept' ? 'answer' : action === 'decline' ? 'decline' : 'dismiss';
      return `${verb} a server's question`;
    }
    case 'openAskUrl':
      return "open the page a server asked you to visit";
    case 'openLink':
      return 'open a link in the browser';
    default:
      return undefined;
  }
}

/** A method no line was written for, in words: `setFooBar` → "set foo bar", never its raw input. */
export function methodInWords(method: string): string {
  return method.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}
