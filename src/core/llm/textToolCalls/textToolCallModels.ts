/**
 * Model families whose own documentation shows them writing tool calls as text, which a server
 * without the matching tool-call parser hands over as the reply's content:
 * - Qwen2.5, QwQ and Qwen3: Hermes-style `<tool_call>` JSON (qwen.readthedocs.io, "Function Calling");
 * - Qwen3-Coder: `<tool_call><function=…>` XML (its model card's chat template and `qwen3coder_tool_parser.py`);
 * - NousResearch Hermes 2 Pro and later: `<tool_call>` JSON (the Hermes-2-Pro model card, "Function Calling").
 * Matched anywhere in the model name, as servers name models freely (`qwen3coder30b`,
 * `Qwen/Qwen3-14B`, `hermes-3-llama-3.1-8b`).
 */
const textToolCallFamilies = /qwen|qwq|hermes/i;

export function writesTextToolCalls(model: string): boolean {
  return textToolCallFamilies.test(model);
}
