import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import { elbowDataFolder, sessionsFolder } from '../../../src/node/dataFolder';
import { workspaceFolder } from './chat';

/** Where this window's Elbow saves its conversations: the sessions folder the terminal uses for the workspace folder. */
export async function conversationsFolder(): Promise<string> {
  const dataFolder = elbowDataFolder(process.env, { platform: process.platform, home: os.homedir() });
  return sessionsFolder(dataFolder, await fs.realpath(workspaceFolder().fsPath));
}
