import { bubblewrapBackend } from './bubblewrapBackend';
import type { SandboxBackend } from './sandboxBackend';
import { seatbeltBackend } from './seatbeltBackend';

/** The sandbox this operating system offers, or why there is none. */
export async function createSandboxBackend(
  platform: NodeJS.Platform,
  privateRoot: string,
  environment: Readonly<Record<string, string | undefined>>,
): Promise<SandboxBackend | { reason: string }> {
  if (platform === 'linux') return bubblewrapBackend(privateRoot, environment);
  if (platform === 'darwin') return seatbeltBackend(environment);
  return { reason: `there is no sandbox for commands on ${platform === 'win32' ? 'Windows' : platform} yet` };
}
