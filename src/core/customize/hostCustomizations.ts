import type { AgentHost } from '../host/host';
import { Workspace } from '../workspace/workspace';
import type { CustomizationTrust } from './customizationFile';
import { loadCustomizations, type Customizations } from './customizations';

/** The customizations of a host's workspace folders and its user's home, workspace files judged by `trust`. */
export async function loadHostCustomizations(host: AgentHost, trust: CustomizationTrust): Promise<Customizations> {
  return loadCustomizations({
    files: host.files,
    workspaceRoots: host.workspaceRoots,
    homeDirectory: host.environment.homeDirectory,
    workspaceAllowed: await new Workspace(host).containmentCheck(),
    trust,
  });
}
