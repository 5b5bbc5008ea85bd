/**
 * Model-info responses as each server documents or was recorded sending them. Trimmed of fields
 * the probe does not read only where marked; values are as published.
 */

/**
 * Ollama `POST /api/show`, the example in ollama/ollama docs/openapi.yaml at
 * fb30760996871fa9460115c753afd2c60d4ab0f7 (the gemma4 model with `num_ctx 2048` among its
 * parameters); `model_info` trimmed to its architecture and length keys, license shortened.
 */
export const ollamaShowWithNumCtx = {
  parameters: 'temperature 0.7\nnum_ctx 2048',
  license: 'Gemma Terms of Use \n\nLast modified: February 21, 2024...',
  capabilities: ['completion', 'vision'],
  modified_at: '2025-08-14T15:49:43.634137516-07:00',
  details: { parent_model: '', format: 'gguf', family: 'gemma4', families: ['gemma4'], parameter_size: '8.0B', quantization_level: 'Q4_K_M' },
  model_info: {
    'gemma4.attention.head_count': 8,
    'gemma4.block_count': 42,
    'gemma4.context_length': 131072,
    'gemma4.embedding_length': 2560,
    'general.architecture': 'gemma4',
    'general.file_type': 15,
    'general.quantization_version': 2,
  },
};

/**
 * Ollama `POST /api/show`, the example in ollama/ollama docs/api.md at
 * fb30760996871fa9460115c753afd2c60d4ab0f7: no `num_ctx` parameter (the server's default
 * applies), `llama.context_length` 8192; modelfile and template omitted.
 */
export const ollamaShowWithoutNumCtx = {
  parameters: 'num_keep                       24\nstop                           "<|start_header_id|>"\nstop                           "<|end_header_id|>"\nstop                           "<|eot_id|>"',
  details: { parent_model: '', format: 'gguf', family: 'llama', families: ['llama'], parameter_size: '8.0B', quantization_level: 'Q4_0' },
  model_info: {
    'general.architecture': 'llama',
    'general.file_type': 2,
    'general.parameter_count': 8030261248,
    'general.quantization_version': 2,
    'llama.attention.head_count': 32,
    'llama.attention.head_count_kv': 8,
    'llama.block_count': 32,
    'llama.context_length': 8192,
    'llama.embedding_length': 4096,
    'llama.vocab_size': 128256,
  },
  capabilities: ['completion', 'vision'],
};

/** Ollama `GET /api/ps`, the example in ollama/ollama docs/openapi.yaml at fb30760996871fa9460115c753afd2c60d4ab0f7. */
export const ollamaRunning = {
  models: [{
    name: 'gemma4',
    model: 'gemma4',
    size: 6591830464,
    digest: 'c6eb396dbd5992bbe3f5cdb947e8bbc0ee413d7c17e2beaae69f5d569cf982eb',
    details: { parent_model: '', format: 'gguf', family: 'gemma4', families: ['gemma4'], parameter_size: '8.0B', quantization_level: 'Q4_K_M' },
    expires_at: '2025-10-17T16:47:07.93355-07:00',
    size_vram: 5333539264,
    context_length: 4096,
  }],
};

/** Ollama's answer for a model it does not have (its API error shape `{"error": …}`, api/types.go StatusError). */
export const ollamaModelNotFound = { error: 'model \'qwen3-coder:30b\' not found' };

/**
 * LM Studio `GET /api/v0/models` with a loaded model, as LM Studio 0.3.17 logged it in
 * lmstudio-ai/lmstudio-bug-tracker issue #726 ("Returning {…}"), verbatim.
 */
export const lmStudioLoaded = {
  data: [{
    id: 'google/gemma-3-4b',
    object: 'model',
    type: 'vlm',
    publisher: 'google',
    arch: 'gemma3',
    compatibility_type: 'gguf',
    quantization: 'Q4_K_M',
    state: 'loaded',
    max_context_length: 131072,
    loaded_context_length: 12918,
  }],
  object: 'list',
};

/** LM Studio `GET /api/v0/models` with nothing loaded, the example in lmstudio-ai/docs 1_developer/2_rest/endpoints.mdx at 86cb996d916694c3b703093f7b80221119265bfe. */
export const lmStudioNotLoaded = {
  object: 'list',
  data: [
    { id: 'qwen2-vl-7b-instruct', object: 'model', type: 'vlm', publisher: 'mlx-community', arch: 'qwen2_vl', compatibility_type: 'mlx', quantization: '4bit', state: 'not-loaded', max_context_length: 32768 },
    { id: 'meta-llama-3.1-8b-instruct', object: 'model', type: 'llm', publisher: 'lmstudio-community', arch: 'llama', compatibility_type: 'gguf', quantization: 'Q4_K_M', state: 'not-loaded', max_context_length: 131072 },
    { id: 'text-embedding-nomic-embed-text-v1.5', object: 'model', type: 'embeddings', publisher: 'nomic-ai', arch: 'nomic-bert', compatibility_type: 'gguf', quantization: 'Q4_0', state: 'not-loaded', max_context_length: 2048 },
  ],
};

/**
 * llama.cpp `GET /props`, the example in ggml-org/llama.cpp tools/server/README.md at
 * 00dc8057ab28c9cb4c79a6dd6dfce07fe779f63b; the sampling `params` and `chat_template` shortened.
 */
export const llamaCppProps = {
  default_generation_settings: {
    id: 0,
    id_task: -1,
    n_ctx: 1024,
    speculative: false,
    is_processing: false,
    params: { n_predict: -1, seed: 4294967295, temperature: 0.800000011920929, top_k: 40, top_p: 0.949999988079071, max_tokens: -1, n_keep: 0 },
    prompt: '',
    next_token: { has_next_token: true, has_new_line: false, n_remain: -1, n_decoded: 0, stopping_word: '' },
  },
  total_slots: 1,
  model_path: '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf',
  chat_template: '...',
  chat_template_caps: {},
  modalities: { vision: false },
  media_marker: '<__media_YoNhud46VdDqbuFmKYEO9PY7A4ARzRfg__>',
  build_info: 'b(build number)-(build commit hash)',
  is_sleeping: false,
};

/** llama.cpp `GET /v1/models`, the example in the same README: `n_ctx_train` only, not the window it runs with. */
export const llamaCppModels = {
  object: 'list',
  data: [{
    id: '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf',
    object: 'model',
    created: 1735142223,
    owned_by: 'llamacpp',
    meta: { vocab_type: 2, n_vocab: 128256, n_ctx_train: 131072, n_embd: 4096, n_params: 8030261312, size: 4912898304 },
  }],
};

/**
 * vLLM `GET /v1/models`: the `ModelList`/`ModelCard`/`ModelPermission` fields and defaults of
 * vllm-project/vllm vllm/entrypoints/openai/protocol.py at ec3b890c14b00f6670515d9df8d503b5270e95ca
 * (`owned_by` "vllm", `max_model_len`), for a server started with `--max-model-len 32768`.
 */
export const vllmModels = {
  object: 'list',
  data: [{
    id: 'Qwen/Qwen2.5-Coder-32B-Instruct',
    object: 'model',
    created: 1737345127,
    owned_by: 'vllm',
    root: 'Qwen/Qwen2.5-Coder-32B-Instruct',
    parent: null,
    max_model_len: 32768,
    permission: [{
      id: 'modelperm-2cebe3d878c54948b8acbb744eb744f8',
      object: 'model_permission',
      created: 1737345127,
      allow_create_engine: false,
      allow_sampling: true,
      allow_logprobs: true,
      allow_search_indices: false,
      allow_view: true,
      allow_fine_tuning: false,
      organization: '*',
      group: null,
      is_blocking: false,
    }],
  }],
};

/**
 * OpenRouter `GET /api/v1/models`, one entry in the shape of OpenRouter's API reference
 * (https://openrouter.ai/docs/api-reference/models/get-models: prices in US dollars per token as
 * strings; https://openrouter.ai/docs/client-sdks/typescript/models/topproviderinfo.md:
 * `top_provider.max_completion_tokens`), with OpenRouter's listing of Claude Sonnet 4 (Anthropic's
 * $3 / $15 per million, $0.30 cache reads, $3.75 cache writes).
 */
export const openRouterModels = {
  data: [{
    id: 'anthropic/claude-sonnet-4',
    name: 'Anthropic: Claude Sonnet 4',
    created: 1747930371,
    description: 'Claude Sonnet 4 significantly enhances the capabilities of its predecessor.',
    context_length: 200000,
    architecture: { modality: 'text+image->text', input_modalities: ['image', 'text', 'file'], output_modalities: ['text'], tokenizer: 'Claude', instruct_type: null },
    pricing: { prompt: '0.000003', completion: '0.000015', request: '0', image: '0.0048', web_search: '0', internal_reasoning: '0', input_cache_read: '0.0000003', input_cache_write: '0.00000375' },
    top_provider: { context_length: 200000, max_completion_tokens: 64000, is_moderated: true },
    per_request_limits: null,
    supported_parameters: ['include_reasoning', 'max_tokens', 'reasoning', 'response_format', 'stop', 'structured_outputs', 'temperature', 'tool_choice', 'tools', 'top_k', 'top_p'],
  }],
};

/** Ollama `GET /api/tags`, the example in ollama/ollama docs/api.md at fb30760996871fa9460115c753afd2c60d4ab0f7. */
export const ollamaTags = {
  models: [
    {
      name: 'deepseek-r1:latest',
      model: 'deepseek-r1:latest',
      modified_at: '2025-05-10T08:06:48.639712648-07:00',
      size: 4683075271,
      digest: '0a8c266910232fd3291e71e5ba1e058cc5af9d411192cf88b6d30e92b6e73163',
      details: { parent_model: '', format: 'gguf', family: 'qwen2', families: ['qwen2'], parameter_size: '7.6B', quantization_level: 'Q4_K_M' },
    },
    {
      name: 'llama3.2:latest',
      model: 'llama3.2:latest',
      modified_at: '2025-05-04T17:37:44.706015396-07:00',
      size: 2019393189,
      digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
      details: { parent_model: '', format: 'gguf', family: 'llama', families: ['llama'], parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
    },
  ],
};
