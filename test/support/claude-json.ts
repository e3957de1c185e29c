/**
 * A `~/.claude.json` as Claude Code leaves it on a busy machine: a `projects` entry per folder ever
 * opened, each with its prompt history (pasted code included: braces, quotes, escapes and non-ASCII
 * inside strings), written as Claude Code writes it (JSON, two-space indent). Deterministic: the same
 * size gives the same text.
 */
export function busyClaudeJson(minBytes: number, mcpServers: Record<string, unknown> = {}): string {
  let seed = 0x2545f491;
  const next = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const words = ['fix', 'the', 'failing', 'test', 'in', 'refactor', 'parser', 'why does', 'é', 'add', 'a', 'flag', 'for', '"quoted"', 'path\\to', 'ünïcode', 'tab\there', '→', 'build'];
  const sentence = (n: number): string => Array.from({ length: n }, () => pick(words)).join(' ');
  const code = (lines: number): string =>
    Array.from({ length: lines }, (_, i) => `${'  '.repeat(i % 4)}if (x[${i}] && { a: [1, 2] }) { return "${pick(words)}"; } // ${sentence(3)}`).join('\n');
  const project = (i: number): Record<string, unknown> => ({
    allowedTools: [],
    history: Array.from({ length: 100 }, (_, h) => ({
      display: h % 7 === 0 ? `[Pasted text #1 +${40 + h} lines] ${sentence(8)}` : sentence(5 + (h % 30)),
      pastedContents: h % 7 === 0 ? { '1': { id: 1, type: 'text', content: code(40 + h) } } : {},
    })),
    mcpContextUris: [],
    mcpServers: {},
    enabledMcpjsonServers: [],
    disabledMcpjsonServers: [],
    hasTrustDialogAccepted: true,
    projectOnboardingSeenCount: 1 + (i % 4),
    hasClaudeMdExternalIncludesApproved: false,
    lastCost: Math.round(next() * 10_000) / 1000,
    lastAPIDuration: Math.floor(next() * 600_000),
    lastDuration: Math.floor(next() * 6_000_000),
    lastLinesAdded: Math.floor(next() * 500),
    lastLinesRemoved: Math.floor(next() * 200),
    lastSessionId: `0b8f${i.toString(16).padStart(4, '0')}-1c2d-4e5f-8a9b-${Math.floor(next() * 1e12).toString(16).padStart(12, '0')}`,
    exampleFiles: ['src/index.ts', 'src/parser.ts', 'test/parser.test.ts'],
  });
  const config: Record<string, unknown> = {
    numStartups: 1412,
    installMethod: 'npm-global',
    autoUpdates: true,
    tipsHistory: { 'new-user-warmup': 7, 'memory-command': 12, 'theme-command': 30 },
    userID: 'f'.repeat(64),
    firstStartTime: '2025-03-01T09:00:00.000Z',
    mcpServers,
    projects: {},
    cachedChangelog: `# Changelog\n\n${sentence(400)}`,
  };
  const projects = config['projects'] as Record<string, unknown>;
  let text = '';
  for (let i = 0; text.length < minBytes; ) {
    // Grown in batches sized from the projects so far: one stringify per batch keeps a 40 MB file quick to make.
    const batch = i === 0 ? 1 : Math.max(1, Math.ceil(((minBytes - text.length) * i) / text.length));
    for (const end = i + batch; i < end; i++) projects[`/home/me/src/project-${i}`] = project(i);
    text = `${JSON.stringify(config, null, 2)}\n`;
  }
  return text;
}
