import { parseModelOverrides, type ParsedModelOverrides } from '../core/context/modelOverrides';
import { UsageError } from './cliArguments';

export const modelOverridesVariable = 'ELBOW_MODELS';

/**
 * `ELBOW_MODELS`: the same JSON as VS Code's `elbow.models` setting. JSON that does not parse is
 * a usage error; entries with problems are left out and named, the rest apply.
 */
export function readModelOverridesVariable(value: string | undefined): ParsedModelOverrides {
  if (value === undefined || value.trim() === '') return { overrides: {}, problems: [] };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${modelOverridesVariable} is not valid JSON (${reason}). Expected e.g. ${modelOverridesVariable}='{"my-model": {"contextWindow": 131072}}'.`);
  }
  return parseModelOverrides(json);
}
