import type { Command } from 'commander';
import { PIN_KIND_WORDS, type HeldChange, type PinDecision, type SchemaChange } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { revealHidden } from '../../../shared/text';
import { printJson } from '../output';
import type { Run } from '../runner';

/** A word diff as git's plain word diff writes it: `[-removed-]{+added+}`; hidden characters as escapes. */
export function shownWordDiff(parts: HeldChange['description']): string {
  return parts.map((p) => (p.op === 'same' ? revealHidden(p.text) : p.op === 'added' ? `{+${revealHidden(p.text)}+}` : `[-${revealHidden(p.text)}-]`)).join('');
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
  const lines = [`${PIN_KIND_WORDS[held.kind]} ${revealHidden(held.name)} (${held.change === 'added' ? 'new' : 'changed'}, seen ${new Date(held.seenAt).toISOString()})`];
  lines.push(`  description: ${shownWordDiff(held.description)}`);
  for (const change of held.schema) lines.push(`  ${shownSchemaChange(change)}`);
  return lines;
}

function decisionsFor(held: HeldChange[], names: string[], decision: PinDecision['decision']): PinDecision[] {
  return names.flatMap((name) => {
    const found = held.filter((h) => h.name === name);
    if (found.length === 0) throw new CodedError('not_found', `Nothing named "${name}" waits for review.`, { hint: 'Run the command without --accept or --refuse to see what waits.' });
    return found.map((h) => ({ kind: h.kind, name: h.name, decision }));
  });
}

/**
 * `servers review NAME`: the tools, prompts, resources and templates of a server held since its approval (docs/configuration.md,
 * "Pinned tools"), each with its difference; `--accept`, `--refuse` or `--accept-all` decide.
 */
export function registerServerReview(servers: Command, run: Run): void {
  servers
    .command('review <name>')
    .description("show a server's new or changed tools, prompts and resources held since its approval; accept or refuse them")
    .option('--accept <tool...>', 'let these tools (or prompts, or resources by URI) reach agents as they are now')
    .option('--refuse <tool...>', 'keep these definitions from agents for good (an approved one stays)')
    .option('--accept-all', 'accept everything that waits')
    .option('--json', 'print JSON')
    .action((name: string, options: { accept?: string[]; refuse?: string[]; acceptAll?: boolean; json?: boolean }) =>
      run(async (ctx) => {
        const core = await ctx.core();
        const held = await core.api.listHeldChanges({ server: name });
        const deciding = options.acceptAll === true || options.accept !== undefined || options.refuse !== undefined;
        if (!deciding) {
          if (options.json) return printJson(ctx.output, held);
          if (held.length === 0) return ctx.output.out(`Nothing of ${name} waits for review.`);
          for (const each of held) for (const line of heldLines(each)) ctx.output.out(line);
          ctx.output.out(`Decide with: connected-services servers review ${name} --accept TOOL… | --refuse TOOL… | --accept-all`);
          return 0;
        }
        if (options.acceptAll === true) {
          await core.api.reviewChanges({ name, acceptAll: true });
          return ctx.output.out(held.length === 0 ? `Nothing of ${name} waited for review.` : `Accepted ${held.map((h) => h.name).join(', ')}.`);
        }
        const decisions = [...decisionsFor(held, options.accept ?? [], 'accept'), ...decisionsFor(held, options.refuse ?? [], 'refuse')];
        await core.api.reviewChanges({ name, decisions });
        const said = (d: PinDecision['decision']): string[] => decisions.filter((x) => x.decision === d).map((x) => `${PIN_KIND_WORDS[x.kind]} ${x.name}`);
        if (said('accept').length > 0) ctx.output.out(`Accepted ${said('accept').join(', ')}.`);
        if (said('refuse').length > 0) ctx.output.out(`Refused ${said('refuse').join(', ')}.`);
        return 0;
      }),
    );
}
