import type { AgentHost } from '../../host/host';
import type { Tool } from '../tool';
import { applyPatchTool } from './applyPatch';
import { codeNavigationTool } from './codeNavigation/codeNavigationTool';
import { compactTool } from './compact';
import { deleteFileTool } from './deleteFile';
import { editFileTool } from './editFile';
import { fetchUrlTool } from './fetchUrl';
import { listFilesTool } from './listFiles';
import { readCommandOutputTool } from './commands/readCommandOutput';
import { problemsTool } from './problems';
import { readFileTool } from './readFile';
import { runCommandTool } from './commands/runCommand';
import { searchTool } from './search';
import { stopCommandTool } from './commands/stopCommand';
import { todoTool } from './todo';
import { writeFileTool } from './writeFile';

/** The tools every session has (the model is offered one of edit_file and apply_patch: see editFormat.ts), and those its host can give (the editor's problems and code navigation, reading web pages). */
export function builtinTools(host?: AgentHost): Tool[] {
  return [
    listFilesTool, readFileTool, searchTool, editFileTool, applyPatchTool, writeFileTool, deleteFileTool, runCommandTool, readCommandOutputTool, stopCommandTool, compactTool, todoTool,
    ...(host?.diagnostics ? [problemsTool] : []),
    ...(host?.codeNavigation ? [codeNavigationTool] : []),
    ...(host?.web ? [fetchUrlTool] : []),
  ];
}
