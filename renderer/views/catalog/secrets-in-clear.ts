import type { FormValidation } from '@rjsf/utils';
import { isStdio, refusableEnv, refusableHeader, type ServerConfig } from '../../../shared/config';
import type { CustomServiceData } from './custom-service-plan';

type Pair = NonNullable<CustomServiceData['env']>[number];

/** Said at the field: why the core would refuse it, and the box that moves it to the vault. */
const ADVICE = 'looks like a secret: tick "Keep in the vault (secret)", so mcp.json only refers to it.';

function flag(pairs: readonly Pair[] | undefined, errors: FormValidation<Pair[]> | undefined, judge: (name: string, value: string) => boolean, kept: Readonly<Record<string, string>> | undefined): void {
  pairs?.forEach((pair, at) => {
    const value = pair.value ?? '';
    if (pair.secret === true || value === '' || value.includes('${')) return;
    // As the file already held it: saved as it is (the edit screen's note names it), not asked to move now.
    if (kept !== undefined && pair.name !== undefined && Object.hasOwn(kept, pair.name) && kept[pair.name] === value) return;
    if (judge(pair.name ?? '', value)) errors?.[at]?.value?.addError(`${pair.name ?? 'This value'} ${ADVICE}`);
  });
}

/**
 * A variable or header typed in clear that the core would refuse to write (a credential's name or a
 * token's shape, judged by the core's own `refusableSecret`): flagged at its field, before the whole form is
 * refused with a command to run. Add custom service ticks the box itself for a command line it splits.
 * `kept`: the entry as the file held it (Edit): a value it already held in clear is saved as it was.
 */
export function flagSecretsInClear(data: CustomServiceData | undefined, errors: FormValidation<CustomServiceData>, kept?: ServerConfig): void {
  if (data?.transport === 'http') flag(data.headers, errors.headers, refusableHeader, kept !== undefined && !isStdio(kept) ? kept.headers : undefined);
  else flag(data?.env, errors.env, refusableEnv, kept !== undefined && isStdio(kept) ? kept.env : undefined);
}
