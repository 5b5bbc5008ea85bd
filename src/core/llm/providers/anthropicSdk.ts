/**
 * What Elbow uses of the Anthropic SDK, in one module that esbuild.js bundles on its own
 * (dist/anthropicSdk.js). Load it through `loadAnthropicSdk`, when an Anthropic provider is created.
 */
export { default as Anthropic, APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
