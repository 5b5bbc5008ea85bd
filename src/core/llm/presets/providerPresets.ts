import type { ProviderPreset, ToolCallIdRule } from './providerPreset';

/**
 * Mistral's own 400 for any other id: {"object":"error","message":"Tool call id was call_0fypS1hVX
 * but must be a-z, A-Z, 0-9, with a length of 9.","type":"invalid_function_call","param":null,
 * "code":"3280"} (editor-code-assistant/eca#233, karthink/gptel#1203).
 */
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

/**
 * OpenAI (and Azure OpenAI) take ids of at most 40 characters: "Invalid 'messages[3].tool_calls[0].id':
 * string too long. Expected a string with maximum length 40, but got a string with length 41 instead."
 */
const openaiToolCallIds: ToolCallIdRule = {
  pattern: /^[\s\S]{1,40}$/,
  length: 24,
  alphabet: 'alphanumeric',
  source: 'the API\'s 400 "string too long. Expected a string with maximum length 40" (microsoft/autogen#6377, vercel/ai#8132; Azure: Portkey-AI/gateway#1062)',
};

/**
 * Mistral validates every request strictly: an unknown field anywhere is a 422 `extra_forbidden`.
 * `stream_options`: {"loc":["body","stream_options","include_usage"],"msg":"Extra inputs are not
 * permitted"} (dnakov/anon-kode#53); Mistral sends `usage` on its last chunk without being asked
 * (vercel/ai packages/mistral/src/__fixtures__/mistral-text.chunks.txt). `max_completion_tokens`
 * and `store`: {"loc":["body","max_completion_tokens"],…} (Gitlawb/openclaude#739); Mistral takes `max_tokens`.
 */
const mistralRefusedFields = ['stream_options', 'max_completion_tokens', 'store'];

/**
 * Gemini 3 refuses a function call of the current turn without a thought signature; for calls
 * another model made the documented sentinel stands in (https://ai.google.dev/gemini-api/docs/thought-signatures, FAQ).
 */
const geminiForeignToolCallFields = { extra_content: { google: { thought_signature: 'skip_thought_signature_validator' } } };

/*
 * DeepSeek: "the intermediate assistant's reasoning_content … must be passed back to the API in all
 * subsequent user interaction turns" (https://api-docs.deepseek.com/guides/thinking_mode, Tool Calls);
 * an empty one is accepted (pydantic/pydantic-ai test_deepseek_deferred_capability_with_thinking.yaml,
 * test/fixtures/recordings/deepseek/tool-loop-request-accepted.json).
 */

/** The latest GA data-plane inference version in Microsoft's REST reference (newer ones are previews, or the versionless v1 endpoint). */
const azureApiVersion = { default: '2024-10-21', source: 'https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference (API specs: data plane inference, latest GA)' };

const local = { keyRequired: false, keyHeader: 'bearer', refusedFields: [], textToolCalls: true, local: true } as const;
const hosted = { keyRequired: true, keyHeader: 'bearer', refusedFields: [], textToolCalls: false, local: false } as const;

/*
 * refusedFields lists what Elbow would otherwise send. Rows with none were checked against public
 * reports: Groq once refused stream_options ("property 'stream_options' is unsupported", vercel/ai#1578,
 * 2024) and now answers it with a usage chunk (Portkey-AI/gateway#1338, 2025); for the others no
 * public report of a refused field Elbow sends was found.
 */

/** Every provider Elbow offers, in the order the picker shows them. */
export const providerPresets: readonly ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', wire: 'openai', hosts: ['api.openai.com'], keyVariable: 'OPENAI_API_KEY', defaultModel: 'gpt-4.1', ...hosted, toolCallIds: openaiToolCallIds, docs: 'https://platform.openai.com/docs/api-reference/chat' },
  { id: 'anthropic', label: 'Anthropic', wire: 'anthropic', hosts: ['api.anthropic.com'], keyVariable: 'ANTHROPIC_API_KEY', defaultModel: 'claude-sonnet-4-6', ...hosted, keyHeader: 'x-api-key', toolCallIds: anthropicToolCallIds, docs: 'https://docs.claude.com/en/api/messages' },
  { id: 'azure', label: 'Azure OpenAI', wire: 'openai', baseUrlExample: 'https://<resource>.openai.azure.com', hosts: [], keyVariable: 'AZURE_OPENAI_API_KEY', ...hosted, keyHeader: 'api-key', toolCallIds: openaiToolCallIds, apiVersion: azureApiVersion, docs: 'https://learn.microsoft.com/en-us/azure/ai-foundry/openai/reference' },
  { id: 'deepseek', label: 'DeepSeek', wire: 'openai', baseUrl: 'https://api.deepseek.com', hosts: ['api.deepseek.com'], keyVariable: 'DEEPSEEK_API_KEY', defaultModel: 'deepseek-chat', ...hosted, reasoningContentInToolLoops: true, docs: 'https://api-docs.deepseek.com/api/create-chat-completion' },
  { id: 'gemini', label: 'Google Gemini', wire: 'openai', baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', hosts: ['generativelanguage.googleapis.com'], keyVariable: 'GEMINI_API_KEY', defaultModel: 'gemini-2.5-flash', ...hosted, foreignToolCallFields: geminiForeignToolCallFields, docs: 'https://ai.google.dev/gemini-api/docs/openai' },
  { id: 'mistral', label: 'Mistral', wire: 'openai', baseUrl: 'https://api.mistral.ai/v1', hosts: ['api.mistral.ai', 'codestral.mistral.ai'], keyVariable: 'MISTRAL_API_KEY', defaultModel: 'devstral-medium-latest', ...hosted, refusedFields: mistralRefusedFields, toolCallIds: mistralToolCallIds, assistantAfterToolResults: true, docs: 'https://docs.mistral.ai/api/#tag/chat' },
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
