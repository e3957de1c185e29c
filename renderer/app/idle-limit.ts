import { IDLE_LIMIT_META } from '../../shared/api';
import { UI_SESSION_IDLE, UiSessionIdleSchema } from '../../shared/config';

/** `settings.uiSessionIdleMs` as the server wrote it into this page when it was served; the default when absent or out of bounds. */
export function pageIdleLimit(doc: Pick<Document, 'querySelector'> = document): number {
  const content = doc.querySelector(`meta[name="${IDLE_LIMIT_META}"]`)?.getAttribute('content') ?? '';
  const parsed = UiSessionIdleSchema.safeParse(content === '' ? undefined : Number(content));
  return parsed.success ? parsed.data : UI_SESSION_IDLE.default;
}
