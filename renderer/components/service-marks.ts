import { BookOpen, Building2, Folder, Globe, MessageSquare, Terminal, type IconNode } from 'lucide';
import {
  siAtlassian,
  siCloudflare,
  siGit,
  siGithub,
  siGmail,
  siGoogleanalytics,
  siGooglecalendar,
  siGoogledrive,
  siHuggingface,
  siLinear,
  siModelcontextprotocol,
  siNeon,
  siNotion,
  siSentry,
  siStripe,
  siSupabase,
  siVercel,
  type SimpleIcon,
} from 'simple-icons';

/**
 * The marks the catalog's `icon` keys name. Brands from simple-icons (CC0), one named import each so
 * the bundle carries only these; where simple-icons has no mark for a brand (its owner asked for its
 * removal, or it was never drawn) a generic Lucide glyph (ISC) that says what the service is.
 */
export type ServiceMark = { kind: 'brand'; title: string; path: string; hex: string } | { kind: 'generic'; title: string; node: IconNode };

const brand = (icon: SimpleIcon): ServiceMark => ({ kind: 'brand', title: icon.title, path: icon.path, hex: icon.hex });
const generic = (title: string, node: IconNode): ServiceMark => ({ kind: 'generic', title, node });

const MARKS: Readonly<Record<string, ServiceMark>> = {
  atlassian: brand(siAtlassian),
  cloudflare: brand(siCloudflare),
  git: brand(siGit),
  github: brand(siGithub),
  // Each Google product its own mark: the one Google 'G' said nothing about which service a row is.
  gmail: brand(siGmail),
  'google-analytics': brand(siGoogleanalytics),
  'google-calendar': brand(siGooglecalendar),
  'google-drive': brand(siGoogledrive),
  huggingface: brand(siHuggingface),
  linear: brand(siLinear),
  mcp: brand(siModelcontextprotocol),
  neon: brand(siNeon),
  notion: brand(siNotion),
  sentry: brand(siSentry),
  stripe: brand(siStripe),
  supabase: brand(siSupabase),
  vercel: brand(siVercel),
  // No simple-icons mark: Slack and Microsoft asked for theirs to be removed; these two were never drawn.
  slack: generic('chat', MessageSquare),
  microsoft: generic('organization', Building2),
  context7: generic('documentation', BookOpen),
  deepwiki: generic('documentation', BookOpen),
  folder: generic('files', Folder),
  globe: generic('web', Globe),
};

const PROGRAM = generic('a program on this computer', Terminal);
const REMOTE = generic('a remote service', Globe);

/** The mark of a catalog icon key; a service with none gets the generic mark of what it is (a program, a remote service). */
export function serviceMark(iconKey: string | undefined, transport: 'stdio' | 'http' = 'stdio'): ServiceMark {
  const known = iconKey !== undefined && Object.hasOwn(MARKS, iconKey) ? MARKS[iconKey] : undefined;
  return known ?? (transport === 'http' ? REMOTE : PROGRAM);
}

/** Every key with a mark of its own (for the test that each catalog entry's key has one). */
export const MARKED_KEYS: readonly string[] = Object.keys(MARKS);
