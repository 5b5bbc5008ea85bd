import { ProviderError } from '../providerError';

/**
 * A fetch that never follows a redirect. Followed, a redirect would carry the request, and headers
 * such as Azure's `api-key` (only `Authorization` is dropped across origins), to wherever the
 * server points, even from https to plain http. The endpoint the user set is the only address a
 * key goes to; a redirect ends the request with an error saying where it pointed.
 */
export function fetchWithoutRedirects(baseFetch?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await (baseFetch ?? fetch)(input, { ...init, redirect: 'manual' });
    if (response.status < 300 || response.status > 399) return response;
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location')?.slice(0, 200);
    const where = location ? ` to ${location}` : '';
    throw new ProviderError(
      'bad_request',
      `The API answered with a redirect (${response.status})${where}. Elbow does not follow redirects, so requests and the key go only to the endpoint you set; if the service has moved, set its new address as the base URL.`,
      { status: response.status },
    );
  };
}
