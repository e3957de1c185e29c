export { REDACTED, SECRET_NAME, Redactor, redactor, redact, holdsTokenShape } from './redactor';
export { secretLinePieces } from './secret-pieces';
export { sourceLabel, sourceWords, type SecretSource } from './secret-source';
export { credentialNamed, secretNamed } from './secret-names';
