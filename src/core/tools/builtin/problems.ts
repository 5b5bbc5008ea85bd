import { z } from 'zod';
import { problemCount, problemLines } from '../../diagnostics/problemList';
import type { Problem, ProblemSeverity, WorkspaceDiagnostics } from '../../host/workspaceDiagnostics';
import { defineTool, type ToolContext, type ToolOutput } from '../tool';
import type { ToolCallArguments } from '../../toolContract/toolIdentity';
import { clipPath, stringArgument } from '../../toolContract/toolTitleText';
import { ToolError } from '../../toolContract/toolError';

const inputSchema = z.object({
  path: z.string().optional().describe('File or folder; omit for the whole workspace.'),
  severity: z.enum(['error', 'warning', 'all']).default('warning').describe('Least severe to list (default warning: errors and warnings).'),
});

const listed: Record<z.output<typeof inputSchema>['severity'], readonly ProblemSeverity[]> = {
  error: ['error'],
  warning: ['error', 'warning'],
  all: ['error', 'warning', 'information', 'hint'],
};

export const problemsTool = defineTool({
  name: 'problems',
  description: [
    "The editor's problems (type errors, lint findings) from its language servers. Use it to check your work without running a build.",
    'Output: `path:line:column severity code: message (source)` per problem, errors first, at most 20 plus a count of the rest.',
    'A file is opened and checked (waits up to 1.5 s). A folder or the workspace lists only files already checked (mostly open or recently edited ones): name a file to be sure.',
  ].join('\n'),
  inputSchema,
  readOnly: true,
  kind: 'search',
  subjectArgument: 'path',
  title: problemsTitle,
  async execute(input, context) {
    const diagnostics = context.host.diagnostics;
    if (diagnostics === undefined) throw new ToolError('Problems are only available in VS Code.');
    const severities = listed[input.severity];
    if (input.path === undefined) return folderProblems(diagnostics, undefined, 'the workspace', severities, context);
    const target = await context.workspace.resolve(input.path, { mustExist: true });
    const shown = context.workspace.displayPath(target.absolute);
    if (target.kind === 'directory') return folderProblems(diagnostics, target.absolute, shown, severities, context);
    const { problems, languageId } = await diagnostics.fileProblems(target.absolute, context.signal);
    const wanted = problems.filter((problem) => severities.includes(problem.severity));
    if (wanted.length > 0) return listing(wanted, shown, context);
    const unchecked = languageId === 'plaintext' ? ' It is plain text: no language server checks it.' : '';
    return { content: `No problems reported for ${shown} (${languageId}).${unchecked}`, summary: `No problems in ${shown}` };
  },
});

async function folderProblems(diagnostics: WorkspaceDiagnostics, folder: string | undefined, shown: string, severities: readonly ProblemSeverity[], context: ToolContext): Promise<ToolOutput> {
  const isHidden = await context.workspace.hiddenPathTest();
  const wanted = diagnostics.reportedProblems(folder).filter((problem) => severities.includes(problem.severity) && !isHidden(problem.path, false));
  if (wanted.length > 0) return listing(wanted, shown, context);
  return {
    content: `No problems reported in ${shown}. Language servers report only files they have checked (mostly open ones); name a file to check it.`,
    summary: `No problems in ${shown}`,
  };
}

function listing(problems: readonly Problem[], shown: string, context: ToolContext): ToolOutput {
  const lines = problemLines(problems, (path) => context.workspace.displayPath(path));
  return { content: lines.join('\n'), summary: `${problemCount(problems)} in ${shown}` };
}

function problemsTitle(input: ToolCallArguments): string {
  const path = stringArgument(input, 'path');
  return path === undefined ? 'Checking problems in the workspace' : `Checking problems in ${clipPath(path, 55)}`;
}
