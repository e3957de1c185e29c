import { errorMessage } from '../../../shared/errors';
import type { ApiInput, ApiOutput, RegistryCatalogView, RegistryState } from '../../../shared/api';
import type { CoreEnv } from '../../../shared/core-env';
import type { RegistryCatalog } from '../../mcp-registry';
import type { SetTimer } from '../../pool';
import type { Registry } from '../../registry';
import type { EventHub } from '../api/event-hub';
import type { AdminLog } from '../admin/admin-log';
import { refreshAndRecord } from './background-refresh';
import type { InstallContext } from './registry-install';

/** A snapshot older than this is refreshed in the background; checked every `CHECK_EVERY_MS`. */
export const REFRESH_AFTER_MS = 6 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** The first check waits for the start-up's own work. */
const FIRST_CHECK_MS = 15_000;

export interface RegistryApiOptions {
  /** The core's environment: `env` says which runtimes exist when an entry is installed. */
  core: CoreEnv;
  registry: Registry;
  events: EventHub;
  /** Refresh in the background (long-running processes, unless CONNECTED_SERVICES_REGISTRY_REFRESH=off). */
  background: boolean;
  /** Resolves when the pool has applied every config change seen so far. */
  settled: () => Promise<void>;
  /** Schedules the background checks; default: an unref'd setTimeout (a test fires them by hand). */
  setTimer?: SetTimer;
}

type AddServiceFn = InstallContext['addService'];

export interface RegistryApi {
  methods: {
    registryCatalog: () => Promise<RegistryCatalogView>;
    refreshRegistries: (input: ApiInput<'refreshRegistries'>) => Promise<{ registries: RegistryState[] }>;
    registryInstallOptions: (input: ApiInput<'registryInstallOptions'>) => Promise<ApiOutput<'registryInstallOptions'>>;
  };
  /** `installRegistryEntry`, through the App API's addService (built after this part: build-app-api.ts). */
  install: (input: ApiInput<'installRegistryEntry'>, addService: AddServiceFn) => Promise<ApiOutput<'installRegistryEntry'>>;
  /** Background refreshes are recorded in `admin` from now (it opens after this part); returns the undo. */
  recordTo(admin: Pick<AdminLog, 'record'>): () => void;
  close(): void;
}

/** Never keeps the process alive: a refresh is not worth waiting for at exit. */
const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms).unref();
  return () => clearTimeout(timer);
};

/**
 * The MCP Registry's code loads at its first use (a catalog screen, an install, the first background
 * check), not at start: its server.json schemas alone were 300 of the ~1,100 zod schemas `serve`
 * built before health answered (docs/benchmarks.md, start-up).
 */
const registryCode = () => Promise.all([import('../../mcp-registry'), import('./registry-install')]);

interface LoadedRegistry {
  catalog: RegistryCatalog;
  install: Awaited<ReturnType<typeof registryCode>>[1];
}

/** The MCP registries' catalog behind the App API (docs/configuration.md, "The registry catalog"). */
export function createRegistryApi(options: RegistryApiOptions): RegistryApi {
  const { core } = options;
  const { now } = core;
  let off: (() => void) | undefined;
  let closed = false;
  let loading: Promise<LoadedRegistry> | undefined;
  let admin: Pick<AdminLog, 'record'> | undefined;
  const loaded = (): Promise<LoadedRegistry> =>
    (loading ??= registryCode().then(([registryModule, install]) => {
      // Throws while mcp.json does not load: the catalog, a refresh and an install then say why.
      const registries = (): string[] => registryModule.configuredRegistries(options.registry.config().settings, options.registry.issues());
      const catalog = new registryModule.RegistryCatalog({ ...core, registries });
      if (!closed) off = catalog.on('state', (states) => options.events.emit('registryState', { registries: states }));
      return { catalog, install };
    }));
  const cancels: (() => void)[] = [];
  if (options.background) {
    const setTimer = options.setTimer ?? unrefTimer;
    const check = (): void => {
      void (async () => {
        const { catalog } = await loaded();
        await catalog.load();
        const states = catalog.state();
        const unread = states.some((s) => s.syncedAt === undefined);
        if (!unread && !states.some((s) => s.syncedAt !== undefined && now() - s.syncedAt > REFRESH_AFTER_MS)) return;
        const failure = await refreshAndRecord(catalog, admin, unread ? 'unread' : 'stale');
        if (failure !== undefined) core.log(`registry refresh failed: ${failure}`);
      })().catch((error: unknown) => core.log(`registry refresh failed: ${errorMessage(error)}`));
    };
    cancels.push(setTimer(check, FIRST_CHECK_MS));
    // One pending timer at a time: each hourly check arms the next.
    let next = (): void => undefined;
    const hourly = (): void => {
      next = setTimer(() => {
        hourly();
        check();
      }, CHECK_EVERY_MS);
    };
    hourly();
    cancels.push(() => next());
  }
  return {
    methods: {
      registryCatalog: async () => {
        const { catalog } = await loaded();
        await catalog.load();
        return { registries: catalog.state(), entries: catalog.rows() };
      },
      refreshRegistries: async ({ full }) => {
        const { catalog } = await loaded();
        return { registries: await catalog.refresh(full === true ? { full: true } : {}) };
      },
      registryInstallOptions: async (input) => {
        const { catalog, install } = await loaded();
        return install.installOptionsOf(catalog, input);
      },
    },
    install: async (input, addService) => {
      const { catalog, install } = await loaded();
      const result = await install.installFromCatalog(catalog, input, { core, registry: options.registry, addService });
      await options.settled();
      return result;
    },
    recordTo: (log) => {
      admin = log;
      return () => {
        admin = undefined;
      };
    },
    close: () => {
      closed = true;
      off?.();
      for (const cancel of cancels) cancel();
    },
  };
}
