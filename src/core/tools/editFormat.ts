import { modelEditFormat } from '../llm/modelCatalog';
import type { EditFormat } from '../llm/modelFacts';

/** `auto`: the format the model table says the model was trained on. */
export type EditFormatSetting = 'auto' | EditFormat;

export const editFormatSettings: readonly EditFormatSetting[] = ['auto', 'edit_file', 'apply_patch'];

/** The setting's value from a flag, an environment variable or a settings file; undefined when it is none of them. */
export function parseEditFormat(value: unknown): EditFormatSetting | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return editFormatSettings.find((setting) => setting === text);
}

/** The edit tool a model is offered: the one the setting names, else the one the model was trained on. */
export function editFormatFor(model: string, setting: EditFormatSetting | undefined): EditFormat {
  return setting === undefined || setting === 'auto' ? modelEditFormat(model) : setting;
}

const editTools: readonly string[] = ['edit_file', 'apply_patch'] satisfies readonly EditFormat[];

/** Whether the model is offered a built-in tool: of the two edit tools only its format's, every other tool. */
export function offersTool(format: EditFormat, toolName: string): boolean {
  return !editTools.includes(toolName) || toolName === format;
}

/** How the registry takes a built-in tool: offered, or not, and then which tool a call of it is told to use instead. */
export function toolOffer(format: EditFormat, toolName: string): { offered: boolean; useInstead?: string } {
  return offersTool(format, toolName) ? { offered: true } : { offered: false, useInstead: format };
}
