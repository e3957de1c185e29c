import type { ConfigTarget } from '../../../shared/api';
import { TOKEN_ENV } from '../../bridge';

/**
 * What the person does with a printed entry that refers to the token instead of holding it (the
 * token is shown once, then kept only as a hash): the reference alone connects nothing.
 */
export function tokenReferenceNote(target: ConfigTarget, agent: string): string {
  const token = `${agent}'s token (shown once, when it was made; \`connected-services agents rotate "${agent}"\` gives a new one)`;
  switch (target) {
    case 'claude-code':
    case 'cursor':
    case 'windsurf':
    case 'gemini-cli':
      return `the entry reads the token from the variable ${TOKEN_ENV}; start the client with it set to ${token}, or print the token in with --token-stdin`;
    case 'codex':
      return `Codex reads the token from the variable ${TOKEN_ENV} (bearer_token_env_var; the file never holds it): start Codex with it set to ${token}`;
    case 'vscode':
      return `VS Code asks for the token the first time it connects: paste ${token}`;
    case 'claude-desktop':
    case 'acp':
      return `replace PASTE_THE_AGENT_TOKEN_HERE with ${token}, or print the token in with --token-stdin`;
  }
}
