import * as path from 'node:path';
import { userMcpConfigFolder } from '../core/mcp/mcpConfigFiles';
import { defaultSandboxSettings } from '../core/sandbox/sandboxSettings';
import { CommandSandbox } from '../node/sandbox/commandSandbox';
import type { CliArguments } from './cliArguments';
import type { CliConfig } from './cliConfig';

/** The terminal's sandbox: the workspace folder writable, Elbow's data and configuration hidden, hosts from `--allow-host`, variables from `--pass-env`, home paths from `--sandbox-read`. */
export function createCliSandbox(args: CliArguments, config: CliConfig, root: string, writeErr: (text: string) => void): CommandSandbox {
  return new CommandSandbox({
    roots: () => [root],
    settings: () => ({ ...defaultSandboxSettings, enabled: !args.noSandbox, allowedHosts: args.allowHosts, passEnvironment: args.passEnv, readableHomePaths: args.allowRead }),
    ownDataFolders: () => [config.dataFolder, userMcpConfigFolder(process.env)],
    quarantineFolder: path.join(config.dataFolder, 'quarantine'),
    turnedOff: 'it was turned off with --no-sandbox',
    log: (message) => writeErr(`elbow: ${message}\n`),
  });
}
