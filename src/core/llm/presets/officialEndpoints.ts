import type { WireApi } from './providerPreset';

/**
 * Each wire API's own service, passed to the SDKs whenever no other endpoint is named: left out,
 * the SDKs would read OPENAI_BASE_URL / ANTHROPIC_BASE_URL from the environment and send the key
 * wherever those point, past every check of the endpoint.
 */
export const officialEndpoints: Record<WireApi, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
};
