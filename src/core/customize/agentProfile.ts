import * as path from 'node:path';
import { resolveAgentTools, type AgentToolDialect } from './agentToolNames';
import { customizationFolders, readCustomizationFile, type CustomizationFile, type CustomizationFolder, type CustomizationReader } from './customizationFile';
import type { CustomizationProblem } from './customizationProblem';
import { parseFrontmatter } from './frontmatter';

/** A custom agent (`.elbow/agents/*.md`, `.claude/agents/*.md`, `.github/agents/*.agent.md`): a prompt and the tools it is given. */
export interface AgentProfile {
  name: string;
  description: string;
  /** The Elbow tools it is given, by name (`mcp__server__*`: all of a server's); undefined: all. */
  tools?: readonly string[];
  /** The model its file asks for, as written (`sonnet`, `Claude Sonnet 4`…); undefined: the session's (`inherit`). */
  model?: string;
  /** Instructions added to the system prompt while it is picked. */
  prompt: string;
  /** Undefined for the built-in agents. */
  file?: CustomizationFile;
}

interface AgentFolder {
  relative: string;
  /** Which file names in it are agents. */
  suffix: string;
  dialect: AgentToolDialect;
}

const elbowFolder: AgentFolder = { relative: '.elbow/agents', suffix: '.md', dialect: 'elbow' };
const claudeFolder: AgentFolder = { relative: '.claude/agents', suffix: '.md', dialect: 'claude' };
const copilotFolder: AgentFolder = { relative: '.github/agents', suffix: '.agent.md', dialect: 'copilot' };
const workspaceFolders = [elbowFolder, claudeFolder, copilotFolder];
const homeFolders = [elbowFolder, claudeFolder];

/** The names of the built-in agents, which no file may take. */
export const builtinAgentNames = ['Agent', 'Plan'] as const;

/**
 * The user's agents, then those in the workspace's agent folders; the first of a name is used. A file
 * whose frontmatter breaks the format is left out with a problem; a tool name no Elbow tool answers
 * to is a problem and is simply not given.
 */
export async function loadAgentProfiles(reader: CustomizationReader): Promise<{ agents: AgentProfile[]; problems: CustomizationProblem[] }> {
  const agents: AgentProfile[] = [];
  const problems: CustomizationProblem[] = [];
  const places = [
    // The user's own first: a cloned repository cannot stand in for one of them.
    ...homeFolders.flatMap((kind) => customizationFolders({ ...reader, workspaceRoots: [] }, [], [kind.relative]).map((folder) => ({ folder, kind }))),
    ...workspaceFolders.flatMap((kind) => customizationFolders(reader, [kind.relative]).map((folder) => ({ folder, kind }))),
  ];
  for (const { folder, kind } of places) {
    for (const file of await agentFiles(reader, folder, kind)) {
      const read = await readCustomizationFile(reader, file, folder.origin);
      if (!read.ok) {
        problems.push(read.problem);
        continue;
      }
      const parsed = parseAgentFile(read.file, kind);
      problems.push(...parsed.problems);
      if (parsed.agent === undefined) continue;
      const taken = [...builtinAgentNames, ...agents.map((agent) => agent.name)].find((name) => name.toLowerCase() === parsed.agent?.name.toLowerCase());
      if (taken !== undefined) problems.push({ file, line: 1, rule: `an agent named ${taken} comes first, so this one is not offered; give it another name` });
      else agents.push(parsed.agent);
    }
  }
  return { agents, problems };
}

async function agentFiles(reader: CustomizationReader, folder: CustomizationFolder, kind: AgentFolder): Promise<string[]> {
  const entries = await reader.files.readDirectory(folder.path).catch(() => []);
  return entries
    .filter((entry) => entry.name.endsWith(kind.suffix) && entry.name.length > kind.suffix.length && !entry.name.startsWith('.'))
    .map((entry) => path.join(folder.path, entry.name))
    .sort();
}

/** One agent file: its frontmatter and the prompt after it. */
export function parseAgentFile(file: CustomizationFile, kind: Pick<AgentFolder, 'suffix' | 'dialect'>): { agent?: AgentProfile; problems: CustomizationProblem[] } {
  const frontmatter = parseFrontmatter(file.text, file.path);
  if (frontmatter.problems.length > 0) return { problems: frontmatter.problems };
  const { fields } = frontmatter;
  const problems: CustomizationProblem[] = [];
  const problem = (field: string, rule: string): { problems: CustomizationProblem[] } => ({ problems: [...problems, { file: file.path, line: frontmatter.lineOf(field), rule }] });
  const name = fields.name ?? path.basename(file.path).slice(0, -kind.suffix.length);
  if (typeof name !== 'string' || name.trim() === '') return problem('name', '`name` must be a text, the agent\'s name');
  // Plain letters only: no look-alike of Plan or of another agent, and no `.` so `@package.json` stays a file's mention.
  if (!/^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$/.test(name.trim())) return problem('name', '`name` may hold the letters A–Z and a–z, digits, spaces, `_` and `-` (up to 64), starting with a letter or digit');
  const description = fields.description ?? '';
  if (typeof description !== 'string') return problem('description', '`description` must be a text saying what the agent is for');
  const tools = toolList(fields.tools);
  if (tools === 'invalid') {
    const how = kind.dialect === 'copilot' ? 'a list of tool names, e.g. [read, search]' : 'tool names separated by commas, e.g. Read, Grep, Glob';
    return problem('tools', `\`tools\` must be ${how}`);
  }
  const model = modelOf(fields.model);
  if (model === 'invalid') return problem('model', '`model` must be a model\'s name (or a list of them, the first available used)');
  let given: string[] | undefined;
  if (tools !== undefined) {
    const resolved = resolveAgentTools(tools, kind.dialect);
    given = resolved.tools;
    for (const unknown of resolved.unknown) problems.push({ file: file.path, line: frontmatter.lineOf('tools'), rule: `no Elbow tool answers to \`${unknown}\`; the agent is not given it` });
  }
  const agent: AgentProfile = {
    name: name.trim(),
    description: description.trim(),
    ...(given === undefined ? {} : { tools: given }),
    ...(model === undefined ? {} : { model }),
    prompt: frontmatter.body.trim(),
    file,
  };
  return { agent, problems };
}

/** Claude Code writes `Read, Grep`; Copilot a YAML list. Either is taken in any folder. */
function toolList(value: unknown): string[] | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (Array.isArray(value) && value.every((name) => typeof name === 'string')) return value as string[];
  return 'invalid';
}

function modelOf(value: unknown): string | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  if (typeof first !== 'string') return 'invalid';
  const model = first.trim();
  return model === '' || model === 'inherit' ? undefined : model;
}
