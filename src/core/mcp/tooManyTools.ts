import { maxToolsPerRequest } from '../tools/toolSource';

/** Past this many tools, models pick tools less reliably. */
export const toolCountWarningThreshold = 100;

/** What to tell the user when the model would get too many tools; `undefined` when the count is fine. */
export function tooManyToolsWarning(builtinCount: number, mcpCount: number): string | undefined {
  const total = builtinCount + mcpCount;
  if (total <= toolCountWarningThreshold) return undefined;
  const dropped = total - maxToolsPerRequest;
  const consequence = dropped > 0
    ? ` Providers refuse more than ${maxToolsPerRequest}, so the last ${dropped === 1 ? 'MCP tool is' : `${dropped} MCP tools are`} left out of every request.`
    : ' Models choose tools less reliably with so many.';
  return `The model gets ${total} tools (${mcpCount} from MCP servers).${consequence} Turn off servers or tools you do not need.`;
}
