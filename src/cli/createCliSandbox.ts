import * as path from 'node:path';
import { userMcpConfigFolder } from '../core/mcp/mcpConfigFiles';
import { defaultSandboxSettings } from '../core/sandbox/sandboxSettings';
import { CommandSandbox, type CommandSandboxOptions } from '../node/sandbox/commandSandbox';
import { worktreeSandboxOptions } from '../node/worktrees/worktreeHost';
import type { Worktree } from '../node/worktrees/worktree';
import type { CliArguments } from './cliArguments';
import type { CliConfig } from './cliConfig';
import { sandboxHiddenPaths } from './sandboxHiddenPaths';

/**
 * The terminal's sandbox: the workspace folder writable, Elbow's data and configuration hidden, hosts from `--allow-host`,
 * variables from `--pass-env`, home paths from `--sandbox-read`; in a `--worktree` run, the worktree's folder alone writable.
 */
export function createCliSandbox(args: CliArguments, config: CliConfig, root: string, writeErr: (text: string) => void, worktree?: Worktree): CommandSandbox {
  const options: CommandSandboxOptions = {
    roots: () => [root],
    settings: () => ({ ...defaultSandboxSettings, enabled: !args.noSandbox, allowedHosts: args.allowHosts, passEnvironment: args.passEnv, readableHomePaths: args.allowRead, hiddenPaths: sandboxHiddenPaths(process.env) }),
    ownDataFolders: () => [config.dataFolder, userMcpConfigFolder(process.env)],
    quarantineFolder: path.join(config.dataFolder, 'quarantine'),
    turnedOff: 'it was turned off with --no-sandbox',
    log: (message) => writeErr(`elbow: ${message}\n`),
  };
  return new CommandSandbox(worktree === undefined ? options : worktreeSandboxOptions(worktree, options));
}
