import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import { loadMcpSdk } from './loadMcpSdk';

/** What is wrong with a call's arguments, for the model; `undefined` when they fit the schema. */
export type ArgumentsValidator = (input: unknown) => string | undefined;

let validators: AjvJsonSchemaValidator | undefined;

/**
 * Checks arguments against an MCP tool's input schema before the call, so the model gets a
 * precise error without a round trip. A schema that cannot be compiled checks nothing (the
 * server still validates); `onUnusable` says why.
 */
export function argumentsValidator(schema: Record<string, unknown>, onUnusable: (reason: string) => void): ArgumentsValidator {
  const { $schema: _dialect, ...withoutDialect } = schema;
  try {
    validators ??= new (loadMcpSdk().AjvJsonSchemaValidator)();
    const validate = validators.getValidator<unknown>(withoutDialect as JsonSchemaType);
    return (input) => {
      const result = validate(input);
      return result.valid ? undefined : result.errorMessage.replace(/\bdata\b/g, 'arguments');
    };
  } catch (error) {
    onUnusable(error instanceof Error ? error.message : String(error));
    return () => undefined;
  }
}
