import type { ProviderPreset, ToolCallIdRule } from './providerPreset';

/** Mistral's own error: "Tool call id was call_0fypS1hVX but must be a-z, A-Z, 0-9, with a length of 9." */
const mistralToolCallIds: ToolCallIdRule = {
  pattern: /^[a-zA-Z0-9]{9}$/,
  length: 9,
  alphabet: 'alphanumeric',
  source: 'https://docs.mistral.ai/capabilities/function_calling/ and the API\'s 400 "must be a-z, A-Z, 0-9, with a length of 9"',
};

/** Anthropic's Messages API schema: `tool_use.id` matches ^[a-zA-Z0-9_-]+$. */
const anthropicToolCallIds: ToolCallIdRule = {
  pattern: /^[a-zA-Z0-9_-]+$/,
  length: 24,
  alphabet: 'word',
  source: 'https://docs.claude.com/en/api/messages (tool_use id pattern)',
};

/** The latest GA data-plane inference version in Microsoft's REST reference (newer ones are previews, or the versionless v1 endpoint). */
const azureApiVersion = { default: '2024-10-21', source: 'https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference (API specs: data plane inference, latest GA)' };

const local = { keyRequired: false, keyHeader: 'bearer', refusedFields: [], textToolCalls: true, local: true } as const;
const hosted = { keyRequired: true, keyHeader: 'bearer', refusedFields: [], textToolCalls: false, local: false } as const;

/** Every provider Elbow offers, in the order the picker shows them. */
export const providerPresets: readonly ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', wire: 'openai', hosts: ['api.openai.com'], keyVariable: 'OPENAI_API_KEY', defaultModel: 'gpt-4.1', ...hosted, docs: 'https://platform.openai.com/docs/api-reference/chat' },
  { id: 'anthropic', label: 'Anthropic', wire: 'anthropic', hosts: ['api.anthropic.com'], keyVariable: 'ANTHROPIC_API_KEY', defaultModel: 'claude-sonnet-4-6', ...hosted, keyHeader: 'x-api-key', toolCallIds: anthropicToolCallIds, docs: 'https://docs.claude.com/en/api/messages' },
  { id: 'azure', label: 'Azure OpenAI', wire: 'openai', baseUrlExample: 'https://<resource>.openai.azure.com', hosts: [], keyVariable: 'AZURE_OPENAI_API_KEY', ...hosted, keyHeader: 'api-key', apiVersion: azureApiVersion, docs: 'https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference' },
  { id: 'deepseek', label: 'DeepSeek', wire: 'openai', baseUrl: 'https://api.deepseek.com', hosts: ['api.deepseek.com'], keyVariable: 'DEEPSEEK_API_KEY', defaultModel: 'deepseek-chat', ...hosted, docs: 'https://api-docs.deepseek.com/api/create-chat-completion' },
  { id: 'gemini', label: 'Google Gemini', wire: 'openai', baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', hosts: ['generativelanguage.googleapis.com'], keyVariable: 'GEMINI_API_KEY', defaultModel: 'gemini-2.5-flash', ...hosted, docs: 'https://ai.google.dev/gemini-api/docs/openai' },
  { id: 'mistral', label: 'Mistral', wire: 'openai', baseUrl: 'https://api.mistral.ai/v1', hosts: ['api.mistral.ai', 'codestral.mistral.ai'], keyVariable: 'MISTRAL_API_KEY', defaultModel: 'devstral-medium-latest', ...hosted, refusedFields: ['stream_options', 'max_completion_tokens'], toolCallIds: mistralToolCallIds, docs: 'https://docs.mistral.ai/api/#tag/chat' },
  { id: 'groq', label: 'Groq', wire: 'openai', baseUrl: 'https://api.groq.com/openai/v1', hosts: ['api.groq.com'], keyVariable: 'GROQ_API_KEY', defaultModel: 'openai/gpt-oss-120b', ...hosted, docs: 'https://console.groq.com/docs/openai' },
  { id: 'xai', label: 'xAI', wire: 'openai', baseUrl: 'https://api.x.ai/v1', hosts: ['api.x.ai'], keyVariable: 'XAI_API_KEY', defaultModel: 'grok-code-fast-1', ...hosted, docs: 'https://docs.x.ai/docs/api-reference' },
  { id: 'openrouter', label: 'OpenRouter', wire: 'openai', baseUrl: 'https://openrouter.ai/api/v1', hosts: ['openrouter.ai'], keyVariable: 'OPENROUTER_API_KEY', ...hosted, docs: 'https://openrouter.ai/docs/api-reference/overview' },
  { id: 'kimi', label: 'Kimi (Moonshot)', wire: 'openai', baseUrl: 'https://api.moonshot.ai/v1', hosts: ['api.moonshot.ai', 'api.moonshot.cn'], keyVariable: 'MOONSHOT_API_KEY', defaultModel: 'kimi-k2-0905-preview', ...hosted, docs: 'https://platform.moonshot.ai/docs/api/chat' },
  { id: 'ollama', label: 'Ollama', wire: 'openai', baseUrl: 'http://localhost:11434/v1', hosts: [], ...local, docs: 'https://docs.ollama.com/api/openai-compatibility' },
  { id: 'lmstudio', label: 'LM Studio', wire: 'openai', baseUrl: 'http://localhost:1234/v1', hosts: [], ...local, docs: 'https://lmstudio.ai/docs/app/api/endpoints/openai' },
  { id: 'llamacpp', label: 'llama.cpp', wire: 'openai', baseUrl: 'http://localhost:8080/v1', hosts: [], ...local, docs: 'https://github.com/ggml-org/llama.cpp/tree/master/tools/server' },
  { id: 'vllm', label: 'vLLM', wire: 'openai', baseUrl: 'http://localhost:8000/v1', hosts: [], ...local, docs: 'https://docs.vllm.ai/en/latest/serving/openai_compatible_server.html' },
  { id: 'openai-compatible', label: 'Other OpenAI-compatible', wire: 'openai', baseUrlExample: 'https://example.com/v1', hosts: [], keyVariable: 'OPENAI_COMPATIBLE_API_KEY', ...local, keyRequired: false, local: false, docs: 'https://platform.openai.com/docs/api-reference/chat' },
];

/** The preset with this id, or `undefined`. */
export function presetById(id: string): ProviderPreset | undefined {
  return providerPresets.find((preset) => preset.id === id);
}
