import { claudeNameOfElbowTool, elbowToolsForClaudeName } from './foreignToolNames';
import { matcherPattern } from './hookSettings';

/**
 * Whether a hook's matcher covers a tool, by Elbow's name (`run_command`), Claude Code's name for
 * it (`Bash`), or an MCP tool's `mcp__server__tool`. Each `|` alternative that is a Claude Code name
 * matches every Elbow tool it stands for (`Edit` covers edit_file and apply_patch).
 */
export function matcherCoversTool(matcher: string | undefined, tool: string): boolean {
  if (matcher === undefined) return true;
  const pattern = matcherPattern(matcher);
  if (pattern === undefined) return false;
  if (matcher.split('|').some((name) => elbowToolsForClaudeName(name.trim()).includes(tool))) return true;
  const claudeName = claudeNameOfElbowTool(tool);
  return pattern.test(tool) || (claudeName !== undefined && pattern.test(claudeName));
}
