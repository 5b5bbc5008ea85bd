/**
 * What Elbow uses of the OpenAI SDK, in one module that esbuild.js bundles on its own
 * (dist/openaiSdk.js). Load it through `loadOpenaiSdk`, when an OpenAI provider is created.
 */
export { APIConnectionError, APIError, APIUserAbortError } from 'openai';
export { AzureClient } from './azureClient';
export { OpenAIClient } from './openaiClient';
