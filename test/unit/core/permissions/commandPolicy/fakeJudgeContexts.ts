import path from 'node:path';
import { defaultAllowList } from '../../../../../src/core/permissions/commandPolicy/defaultAllowList';
import type { JudgeContext } from '../../../../../src/core/permissions/commandPolicy/judgeCommand';

export const projectRoot = '/work/project';

/** Inside the fake project everything is visible except `secret/` and `.env`; the rest of the disk is outside. */
export function classifyFakePath(writtenPath: string): 'inside' | 'outside' | 'hidden' {
  const absolutePath = path.posix.resolve(writtenPath);
  if (absolutePath !== projectRoot && !absolutePath.startsWith(`${projectRoot}/`)) return 'outside';
  const relativePath = absolutePath.slice(projectRoot.length + 1);
  return relativePath === 'secret' || relativePath.startsWith('secret/') || relativePath === '.env' ? 'hidden' : 'inside';
}

/** A Bash command line in the fake project, on Linux. */
export function posixContext(overrides: Partial<JudgeContext> = {}): JudgeContext {
  return {
    allow: [...defaultAllowList, 'npm test'],
    deny: ['rm', 'git push'],
    cwd: projectRoot,
    classifyPath: classifyFakePath,
    platform: 'linux',
    shell: '/bin/bash',
    homeDirectory: '/home/me',
    ...overrides,
  };
}

export const windowsRoot = 'C:\\work\\project';

export function windowsContext(overrides: Partial<JudgeContext> = {}): JudgeContext {
  return {
    allow: ['dir', 'type', 'git status'],
    deny: ['del', 'git push'],
    cwd: windowsRoot,
    classifyPath: (absolutePath) => (absolutePath.toLowerCase().startsWith(windowsRoot.toLowerCase()) ? 'inside' : 'outside'),
    platform: 'win32',
    shell: 'C:\\Windows\\System32\\cmd.exe',
    homeDirectory: 'C:\\Users\\me',
    ...overrides,
  };
}
