/**
 * The host an http(s) endpoint names, as a server sees it: lower case, without the trailing dot
 * DNS ignores (`api.deepseek.com.` is DeepSeek). `undefined` for anything else, and for a URL with
 * a user name or password in it, which no provider's endpoint has.
 */
export function endpointHost(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.hostname.toLowerCase().replace(/\.+$/, '');
}
