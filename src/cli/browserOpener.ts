import { spawn } from 'node:child_process';

/**
 * Opens an http(s) page in the user's default browser through the system's opener, the address as one argument (no
 * shell): a sign-in's authorization page, or a page an MCP server asked to open once the user said yes.
 * `ELBOW_BROWSER_OPENER` names a program to run with the address instead (the tests' "browser").
 */
export function openInBrowser(url: string, environment: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') return Promise.reject(new Error(`Elbow opens only http(s) pages, not ${protocol}`));
  const opener = environment.ELBOW_BROWSER_OPENER;
  const [command, args] = opener !== undefined && opener !== ''
    ? [opener, [url]]
    : process.platform === 'darwin' ? ['open', [url]]
      : process.platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: process.platform !== 'win32', env: { ...process.env, ...environment } });
    child.once('error', (error) => reject(new Error(`could not open the browser (${command}): ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
