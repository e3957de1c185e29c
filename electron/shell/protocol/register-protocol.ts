import { protocol, type Session } from 'electron';
import { APP_SCHEME } from '../app-identity';
import { APP_FRAME_SCHEME_DEFINITION } from './app-frames';
import { APP_SCHEME_DEFINITION } from './scheme-privileges';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_DEFINITION, APP_FRAME_SCHEME_DEFINITION]);
}

/** Serves app:// in `session` with `handler`; returns the undo. */
export function serveAppScheme(session: Session, handler: (request: Request) => Promise<Response>): () => void {
  session.protocol.handle(APP_SCHEME, handler);
  return () => session.protocol.unhandle(APP_SCHEME);
}
