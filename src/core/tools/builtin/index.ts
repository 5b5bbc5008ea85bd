import type { Tool } from '../tool';
import { deleteFileTool } from './deleteFile';
import { editFileTool } from './editFile';
import { listFilesTool } from './listFiles';
import { readFileTool } from './readFile';
import { searchTool } from './search';
import { writeFileTool } from './writeFile';

/** The file tools every session has (run_command and compact live with the host and the loop). */
export function builtinTools(): Tool[] {
  return [listFilesTool, readFileTool, searchTool, editFileTool, writeFileTool, deleteFileTool];
}
