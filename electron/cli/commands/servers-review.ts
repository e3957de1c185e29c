import type { Command } from 'commander';
import { PIN_KIND_WORDS, shortDigest, skippedWords, type ForgottenRemovals, type HeldChange, type PinDecision, type RefusedItem, type RemovedItem, type SchemaChange, type WordChange } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { printJson } from '../output';
import type { Run } from '../runner';
import { decisionsFor, dismissalsFor } from './review-decisions';

/** One run of a word diff as git's plain word diff writes it: `[-removed-]{+added+}`; hidden characters as escapes; what was left out as `[…N unchanged characters left out…]`. */
function shownPart(part: WordChange): string {
  switch (part.op) {
    case 'same':
      return revealHidden(part.text);
    case 'added':
      return `{+${revealHidden(part.text)}+}`;
    case 'removed':
      return `[-${revealHidden(part.text)}-]`;
    case 'skipped':
      return `[${skippedWords(part)}]`;
  }
}

/** A word diff as git's plain word diff writes it. */
export function shownWordDiff(parts: HeldChange['description']): string {
  return parts.map(shownPart).join('');
}

function shownSchemaChange(change: SchemaChange): string {
  const what = change.name !== undefined ? `${change.part} ${revealHidden(change.name)}` : change.part;
  switch (change.change) {
    case 'added':
      return `+ ${what}: ${revealHidden(change.after ?? '')}`;
    case 'removed':
      return `- ${what}: ${revealHidden(change.before ?? '')}`;
    case 'changed':
      return `~ ${what}: ${revealHidden(change.before ?? '')} → ${revealHidden(change.after ?? '')}`;
    default:
      return `~ ${what} is now ${change.change}`;
  }
}

/** One held tool, prompt, resource or resource template, as the person reads it before deciding. */
export function heldLines(held: HeldChange): string[] {
  const digest = held.digest !== undefined ? `, digest ${shortDigest(held.digest)}` : '';
  const lines = [`${PIN_KIND_WORDS[held.kind]} ${revealHidden(held.name)} (${held.change === 'added' ? 'new' : 'changed'}, seen ${new Date(held.seenAt).toISOString()}${digest})`];
  lines.push(`  description: ${shownWordDiff(held.description)}`);
  for (const change of held.schema) lines.push(`  ${shownSchemaChange(change)}`);
  return lines;
}

/** One item the person refused: whether the server still lists it, and how to reconsider it. */
export function refusedLines(item: RefusedItem): string[] {
  const when = item.refusedAt !== undefined ? `refused ${new Date(item.refusedAt).toISOString()}` : 'refused';
  const listed = item.listed ? 'still listed' : `no longer listed by the server${item.unlistedSince !== undefined ? ` since ${new Date(item.unlistedSince).toISOString()}` : ''}`;
  const digest = item.canAccept && item.digest !== undefined ? `, digest ${shortDigest(item.digest)}` : '';
  const lines = [`${PIN_KIND_WORDS[item.kind]} ${revealHidden(item.name)} (${when}, ${listed}${digest})`];
  if (item.description !== undefined) lines.push(`  description: ${revealHidden(item.description)}`);
  if (!item.canAccept) lines.push('  refused before its definition was kept: forget it to have it held again when listed');
  else if (item.changed === true) lines.push('  the server now lists another definition of it (approved, waiting for review, or refused earlier): the refused one cannot be accepted');
  return lines;
}

/** Why new names of the server wait though `pinning.acceptNewTools` may be on, and how the person lets them pass again. */
export function forgottenLines(server: string, forgotten: ForgottenRemovals): string[] {
  const what = forgotten.kinds.map((kind) => `${PIN_KIND_WORDS[kind]}s`).join(', ');
  return [
    `Removed ${what} forgotten since ${new Date(forgotten.since).toISOString()}: ${revealHidden(server)} removed more than are remembered (500 names, or 16 MiB of definitions).`,
    `  A new one could be a forgotten one back, changed, so its new ${what} wait for your review even with pinning.acceptNewTools.`,
    `  To let pinning.acceptNewTools approve them again: connected-services servers review ${revealHidden(server)} --reset-forgotten`,
  ];
}

/** The newest removals shown; the rest counted. */
const MAX_REMOVED_SHOWN = 20;

/** What agents lost when the server stopped listing it: beside what waits, the removed half of a rename. */
function printRemoved(out: (line: string) => void, server: string, removed: RemovedItem[]): void {
  if (removed.length === 0) return;
  out('Removed by the server (agents no longer see them; listed again, a changed one waits for review):');
  for (const item of removed.slice(0, MAX_REMOVED_SHOWN)) out(`  removed: ${PIN_KIND_WORDS[item.kind]} ${revealHidden(item.name)} (no longer listed since ${new Date(item.removedAt).toISOString()})`);
  if (removed.length > MAX_REMOVED_SHOWN) out(`  …and ${removed.length - MAX_REMOVED_SHOWN} more removed earlier`);
  out(`  Clear from this list: connected-services servers review ${revealHidden(server)} --dismiss NAME… | --dismiss-removed`);
}

function printRefused(out: (line: string) => void, refused: RefusedItem[]): void {
  if (refused.length === 0) return;
  out('Refused (never shown to agents):');
  for (const item of refused) for (const line of refusedLines(item)) out(`  ${line}`);
}

/**
 * `servers review NAME`: the tools, prompts, resources and templates of a server held since its approval (docs/configuration.md,
 * "Pinned tools"), each with its difference, and what the person refused; `--accept`, `--refuse`,
 * `--forget` or `--accept-all` decide; `--dismiss` and `--dismiss-removed` clear what the server removed from the review.
 */
export function registerServerReview(servers: Command, run: Run): void {
  servers
    .command('review <name>')
    .description("show a server's new or changed tools, prompts and resources held since its approval; accept or refuse them")
    .option('--accept <tool@digest...>', 'let these tools (or prompts, or resources by URI) reach agents as shown: each NAME@DIGEST with the digest the review shows beside it, refused if it changed since; one refused before, as it was refused, if the server still lists exactly that')
    .option('--refuse <tool...>', 'keep these definitions from agents for good (an approved one stays); NAME@DIGEST refuses only the definition shown')
    .option('--forget <tool...>', 'drop the refusal of these (listed again, they wait for review again)')
    .option('--dismiss <tool...>', 'no longer show these as removed by the server (still remembered as approved: listed again changed, they wait for review)')
    .option('--dismiss-removed', 'no longer show anything as removed by the server (as --dismiss, for every one shown)')
    .option('--accept-all', 'accept everything that waits, each as this command reads it (one changed before it is kept is refused)')
    .option('--reset-forgotten', "let pinning.acceptNewTools approve the server's new tools again after it forgot removed ones (one may be a removed one back, changed)")
    .option('--refused', 'show only what you refused')
    .option('--json', 'print JSON (what waits; with --refused, what you refused)')
    .action((name: string, options: { accept?: string[]; refuse?: string[]; forget?: string[]; dismiss?: string[]; dismissRemoved?: boolean; acceptAll?: boolean; resetForgotten?: boolean; refused?: boolean; json?: boolean }) =>
      run(async (ctx) => {
        const core = await ctx.core();
        const held = await core.api.listHeldChanges({ server: name });
        const refused = await core.api.listRefused({ server: name });
        const forgotten = await core.api.listForgottenRemovals({ server: name });
        const removed = await core.api.listRemoved({ server: name });
        const reset = options.resetForgotten === true;
        const resetSaid = `Reset: pinning.acceptNewTools approves the new tools of ${name} again, when it is on.`;
        const dismissing = options.dismissRemoved === true || options.dismiss !== undefined;
        const deciding = options.acceptAll === true || options.accept !== undefined || options.refuse !== undefined || options.forget !== undefined || dismissing;
        if (reset && !deciding) {
          if (forgotten.length === 0) return ctx.output.out(`${name} has no forgotten removed tools: pinning.acceptNewTools applies to it as configured.`);
          await core.api.reviewChanges({ name, resetForgotten: true });
          return ctx.output.out(resetSaid);
        }
        if (!deciding) {
          if (options.json) {
            // Said on stderr: stdout stays the list a script reads (what waits, or what was refused).
            for (const each of forgotten) for (const line of forgottenLines(name, each)) ctx.output.err(line);
            return printJson(ctx.output, options.refused === true ? refused : held);
          }
          const out = (line: string): void => ctx.output.out(line);
          if (options.refused === true) {
            if (refused.length === 0) return ctx.output.out(`You refused nothing of ${name}.`);
            printRefused(out, refused);
          } else {
            if (held.length === 0) out(`Nothing of ${name} waits for review.`);
            for (const each of held) for (const line of heldLines(each)) out(line);
            printRemoved(out, name, removed);
            printRefused(out, refused);
            for (const each of forgotten) for (const line of forgottenLines(name, each)) out(line);
          }
          if (held.length > 0 || refused.length > 0) out(`Decide with: connected-services servers review ${name} --accept NAME@DIGEST… | --refuse NAME… | --forget NAME… | --accept-all`);
          return 0;
        }
        if (options.acceptAll === true) {
          // Each definition this command read, by its digest: one that changes before it is kept (the
          // person confirming in the app) is refused, never accepted unseen; what arrives after keeps waiting.
          const all: PinDecision[] = held.map((h) => ({ kind: h.kind, name: h.name, decision: 'accept', ...(h.digest !== undefined ? { digest: h.digest } : {}) }));
          if (all.length > 0 || reset) await core.api.reviewChanges({ name, ...(all.length > 0 ? { decisions: all } : {}), ...(reset ? { resetForgotten: true } : {}) });
          ctx.output.out(held.length === 0 ? `Nothing of ${name} waited for review.` : `Accepted ${held.map((h) => `${PIN_KIND_WORDS[h.kind]} ${revealHidden(h.name)}`).join(', ')}, as this command read them.`);
          if (reset && forgotten.length > 0) ctx.output.out(resetSaid);
          return 0;
        }
        const decisions = [
          ...decisionsFor(name, held, refused, options.accept ?? [], 'accept'),
          ...decisionsFor(name, held, refused, options.refuse ?? [], 'refuse'),
          ...decisionsFor(name, held, refused, options.forget ?? [], 'forget'),
          ...dismissalsFor(removed, options.dismissRemoved === true ? 'all' : (options.dismiss ?? [])),
        ];
        if (decisions.length === 0 && !reset) return ctx.output.out(`Nothing of ${name} is shown as removed.`);
        await core.api.reviewChanges({ name, decisions, ...(reset ? { resetForgotten: true } : {}) });
        const said = (d: PinDecision['decision']): string[] => decisions.filter((x) => x.decision === d).map((x) => `${PIN_KIND_WORDS[x.kind]} ${revealHidden(x.name)}`);
        if (said('accept').length > 0) ctx.output.out(`Accepted ${said('accept').join(', ')}, as shown.`);
        if (said('refuse').length > 0) ctx.output.out(`Refused ${said('refuse').join(', ')}.`);
        if (said('forget').length > 0) ctx.output.out(`Forgot your refusal of ${said('forget').join(', ')}.`);
        if (said('dismiss').length > 0) ctx.output.out(`No longer shown as removed: ${said('dismiss').join(', ')}.`);
        if (reset && forgotten.length > 0) ctx.output.out(resetSaid);
        return 0;
      }),
    );
}
