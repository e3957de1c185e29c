import type { DoctorCheck } from '../../../shared/api';

/**
 * The core's checks (electron/app/doctor) are the command line's `doctor` too, in its words: "server".
 * The screens say "service" for the same thing, so the checks they show are reworded here. Each rule
 * holds for one kind of check (its id before the ":") and only at the place the core writes its own
 * phrase: a name, a command (`connected-services servers approve`) or a path stays as written. A live
 * check's fix is the pool's hint when one came: screenHint rewords it, as on a service's Last error.
 */

type Rule = readonly [RegExp, string];

interface Words {
  title?: readonly Rule[];
  detail?: readonly Rule[];
  fix?: readonly Rule[];
}

const BY_KIND = new Map<string, Words>(Object.entries({
  // uvx on PATH, when no entry needs it (run-doctor.ts programCheck).
  path: { detail: [[/^not found \(only needed by servers that use it\)$/, 'not found (only needed by services that use it)']] },
  // One entry's own check (run-doctor.ts serverCheck).
  server: {
    title: [[/^Server /, 'Service ']],
    fix: [[/^Is the server running\? /, 'Is the service running? ']],
  },
  approvals: { fix: [[/, or approve each server again \(`/, ', or approve each service again (`']] },
  'bundle-folders': { detail: [[/\) belong to no server any more$/, ') belong to no service any more']] },
  'name-case': {
    title: [[/^Servers /, 'Services ']],
    detail: [[/^files are named after each server \(/, 'files are named after each service (']],
  },
  'name-separator': {
    title: [[/^Server /, 'Service ']],
    detail: [
      [
        /^"__" separates a server's name from its tools' names on the bridge: such names can no longer be given to new servers$/,
        `"__" separates a service's name from its tools' names on the bridge: such names can no longer be given to new services`,
      ],
    ],
  },
  // One line per mistyped reference among the entry's other lines (reference-checks.ts).
  references: { detail: [[/ is not a reference, so it reaches the server as this text: did you mean /g, ' is not a reference, so it reaches the service as this text: did you mean ']] },
} satisfies Record<string, Words>));

function reworded(text: string, rules: readonly Rule[] | undefined): string {
  return (rules ?? []).reduce((line, [pattern, words]) => line.replace(pattern, words), text);
}

/** One of the core's checks, in the screens' words ("service"). */
export function checkWords(check: DoctorCheck): DoctorCheck {
  const words = BY_KIND.get(check.id.split(':')[0] ?? '');
  if (words === undefined) return check;
  const shown: DoctorCheck = { ...check, title: reworded(check.title, words.title), detail: reworded(check.detail, words.detail) };
  if (check.fix !== undefined) shown.fix = reworded(check.fix, words.fix);
  return shown;
}
