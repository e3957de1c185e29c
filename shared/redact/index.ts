export { REDACTED, SECRET_NAME, Redactor, redactor, redact } from './redactor';
export { secretLinePieces } from './secret-pieces';
