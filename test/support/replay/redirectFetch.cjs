// Preloaded (`node --require`) into the CLI a replay test runs: requests to a provider's real
// origin (ELBOW_TEST_REDIRECT_FROM, e.g. https://api.mistral.ai) reach the replay server
// (ELBOW_TEST_REDIRECT_TO) instead, as a hosts-file entry would send them. Elbow itself sees the
// provider's own base URL, so it picks that provider's request rules by host as it does for a user.
const from = process.env.ELBOW_TEST_REDIRECT_FROM;
const to = process.env.ELBOW_TEST_REDIRECT_TO;
/* global Request */

if (from && to) {
  const realFetch = globalThis.fetch;
  const redirected = (url) => (url.startsWith(from) ? to + url.slice(from.length) : url);
  globalThis.fetch = (input, init) => {
    if (typeof input === 'string') return realFetch(redirected(input), init);
    if (input instanceof URL) return realFetch(redirected(input.href), init);
    return realFetch(new Request(redirected(input.url), input), init);
  };
}
