import type { DoctorCheck } from '../../../shared/api';
import { freeName, holdsSeparator, nestsIn, type ServerConfig } from '../../../shared/config';

/**
 * A warning per server whose name holds `__` or ends in `_` (added by hand, or before such names were
 * refused): its bridge names (`a__x__y`) read as a server `a`'s too. The entry still loads and the
 * bridge gives each name to one server (docs/bridge.md); renaming it ends the overlap.
 */
export function nameSeparatorChecks(servers: Record<string, ServerConfig>): DoctorCheck[] {
  const names = Object.keys(servers);
  return names.filter(holdsSeparator).map((name) => {
    const outer = names.filter((other) => nestsIn(name, other));
    return {
      id: `name-separator:${name}`,
      title: `Server ${name}'s name holds "__" or ends in "_"`,
      status: 'warn',
      detail:
        outer.length > 0
          ? `its bridge names fall in ${outer.join(', ')}'s namespace ("${outer[0] ?? ''}__…"), so each of its tools is listed under a hashed name (${name}__<hash>-<tool>)`
          : `"__" separates a server's name from its tools' names on the bridge: such names can no longer be given to new servers`,
      fix: `rename it to a name without "__" (connected-services servers remove ${name}, then servers add ${freeName(name, names.filter((other) => other !== name))} …)`,
    };
  });
}
