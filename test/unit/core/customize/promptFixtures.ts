import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { trustsNothing, type CustomizationReader, type CustomizationTrust } from '../../../../src/core/customize/customizationFile';
import { Workspace } from '../../../../src/core/workspace/workspace';
import type { FileSpec, TempWorkspace } from '../../../support/tempWorkspace';

const fixtures = path.join(__dirname, '../../../fixtures/customize');

/** A fixture project's files, as `createTempWorkspace` takes them. */
export async function fixtureFiles(project: string): Promise<Record<string, FileSpec>> {
  const root = path.join(fixtures, project);
  const files: Record<string, FileSpec> = {};
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(root, full).split(path.sep).join('/')] = await fs.readFile(full, 'utf8');
  }
  return files;
}

export async function readerOf(workspace: TempWorkspace, trust: CustomizationTrust = trustsNothing, homeDirectory?: string): Promise<CustomizationReader> {
  const { host } = workspace;
  return {
    files: host.files,
    workspaceRoots: host.workspaceRoots,
    workspaceAllowed: await new Workspace(host).containmentCheck(),
    trust,
    ...(homeDirectory === undefined ? {} : { homeDirectory }),
  };
}

export const trustsEverything: CustomizationTrust = { trusts: () => Promise.resolve(true) };
