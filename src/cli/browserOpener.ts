import { spawn } from 'node:child_process';

/** Opens an http(s) page in the user's default browser, through the system's opener (no shell). */
export function openInBrowser(url: string): Promise<void> {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') return Promise.reject(new Error(`Elbow opens only http(s) pages, not ${protocol}`));
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new Error(`could not open the browser (${command}): ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
