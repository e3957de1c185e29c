export { checkSchema, deepEqual } from './json-schema-check';
export type { SchemaError } from './json-schema-check';
export { LiteValidator, liteValidator } from './lite-validator';
export { SchemaForm } from './schema-form';
export type { SchemaFormProps } from './schema-form';
export { FormDialog } from './form-dialog';
export type { FormDialogProps } from './form-dialog';
export { MAX_FORM_FIELDS, formFields } from './form-size';
export { RequiredMark } from './required-mark';
