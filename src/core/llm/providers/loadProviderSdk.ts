import type * as AnthropicSdk from './anthropicSdk';
import type * as OpenaiSdk from './openaiSdk';

// The SDKs are most of Elbow's code and a conversation needs one of them, at its first request: runtime requires
// keep them out of the bundle that activates (see esbuild.js).

export function loadOpenaiSdk(): typeof OpenaiSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  return require('./openaiSdk') as typeof OpenaiSdk;
}

export function loadAnthropicSdk(): typeof AnthropicSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  return require('./anthropicSdk') as typeof AnthropicSdk;
}
