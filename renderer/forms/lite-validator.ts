import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { checkSchema, type SchemaError } from './json-schema-check';

function toRjsfError(error: SchemaError): RJSFValidationError {
  let property = error.instancePath.replace(/\//g, '.');
  const missing = error.params['missingProperty'];
  if (error.keyword === 'required' && typeof missing === 'string') property = `${property}.${missing}`;
  const stack = error.keyword === 'required' ? `${property.replace(/^\./, '')} is required` : `${property} ${error.message}`.trim();
  return { name: error.keyword, property, message: error.message, params: error.params, stack, schemaPath: error.schemaPath };
}

/**
 * rjsf's validator interface over `checkSchema`: same error shape as @rjsf/validator-ajv8, without
 * Ajv's code generation, which a page without 'unsafe-eval' in its CSP cannot run.
 */
export class LiteValidator<T = unknown> implements ValidatorType<T, RJSFSchema> {
  rawValidation<Result = SchemaError>(schema: RJSFSchema, formData?: T): { errors?: Result[]; validationError?: Error } {
    const errors = checkSchema(schema, formData);
    return errors.length > 0 ? { errors: errors as unknown as Result[] } : {};
  }

  validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T, RJSFSchema>,
    transformErrors?: ErrorTransformer<T, RJSFSchema>,
    uiSchema?: UiSchema<T, RJSFSchema>,
  ): ValidationData<T> {
    let errors = checkSchema(schema, formData).map(toRjsfError);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<T>(errors);
    if (!customValidate) return { errors, errorSchema };
    const full = getDefaultFormState<T, RJSFSchema>(this, schema, formData, schema, true) as T;
    const handler = customValidate(full, createErrorHandler<T>(full), uiSchema, errorSchema);
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
    return checkSchema(schema, formData, rootSchema).length === 0;
  }
}

const shared = new LiteValidator<unknown>();

/** The validator typed for a form's data; it keeps no state, so one instance serves every form. */
export function liteValidator<T>(): ValidatorType<T, RJSFSchema> {
  return shared as unknown as ValidatorType<T, RJSFSchema>;
}
