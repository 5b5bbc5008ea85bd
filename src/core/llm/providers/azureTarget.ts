import { splitBaseUrl } from './baseUrlQuery';

/**
 * Where an Azure OpenAI endpoint sends requests. `v1`: `https://<resource>.openai.azure.com/openai/v1`,
 * the model in the body as on OpenAI. `deployments`: the resource endpoint, requests going to
 * `/openai/deployments/<deployment>/chat/completions?api-version=…` (the SDK's `AzureOpenAI` builds
 * that path); a pasted deployment URL (the portal's "Target URI") names its deployment itself.
 */
export type AzureTarget =
  | { form: 'v1'; baseURL: string; query: Record<string, string> }
  | { form: 'deployments'; baseURL: string; apiVersion: string; query: Record<string, string> };

export function azureTarget(endpoint: string, apiVersion: string): AzureTarget {
  const split = splitBaseUrl(endpoint);
  const { 'api-version': fromUrl, ...query } = split.query;
  const url = new URL(split.baseURL ?? endpoint);
  const path = url.pathname.replace(/\/+$/, '');
  const v1 = /^(.*\/openai\/v1)(\/.*)?$/.exec(path);
  if (v1) return { form: 'v1', baseURL: `${url.origin}${v1[1]}`, query };
  const openai = /^(.*?)\/openai(?:\/deployments\/([^/]+))?(?:\/.*)?$/.exec(path);
  const prefix = openai ? openai[1] : path;
  const deployment = openai?.[2];
  const baseURL = `${url.origin}${prefix}/openai${deployment === undefined ? '' : `/deployments/${deployment}`}`;
  return { form: 'deployments', baseURL, apiVersion: fromUrl ?? apiVersion, query };
}
