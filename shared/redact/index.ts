export { REDACTED, SECRET_NAME, Redactor, redactor, redact } from './redactor';
