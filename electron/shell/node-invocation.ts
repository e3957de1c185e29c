const NODE_EVAL_FLAGS = new Set(['-e', '--eval', '-p', '--print']);

/**
 * True when the app binary was started as if it were Node evaluating a script (`<app> -e <code>`).
 * The vault's keychain helper does that with ELECTRON_RUN_AS_NODE; with the RunAsNode fuse off the
 * packaged app would start as a second instance instead. Such a start exits at once: it never runs
 * the code, never takes the single-instance lock, and so never wakes the running app's window.
 */
export function isNodeEvalInvocation(argv: readonly string[]): boolean {
  return argv.slice(1).some((arg) => NODE_EVAL_FLAGS.has(arg));
}
