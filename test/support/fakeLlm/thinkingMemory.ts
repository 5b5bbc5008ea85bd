/**
 * What the fake Anthropic server produced, so it can check that assistant content comes back
 * unchanged. The real API verifies thinking signatures cryptographically; remembering the
 * (signature, thinking) pairs and the redacted thinking data it handed out gives the same verdicts.
 */
export class ThinkingMemory {
  private readonly thinkingBySignature = new Map<string, string>();
  private readonly redactedData = new Set<string>();
  private readonly toolUsesWithThinking = new Set<string>();
  private readonly reasoningTexts = new Set<string>();
  private readonly reasoningByToolCall = new Map<string, string>();

  /** Record one produced assistant message: its thinking blocks, its tool_use ids and its redacted thinking. */
  remember(thinking: Array<{ thinking: string; signature: string }>, toolUseIds: string[], redacted: string[] = []): void {
    for (const block of thinking) this.thinkingBySignature.set(block.signature, block.thinking);
    for (const data of redacted) this.redactedData.add(data);
    if (thinking.length > 0 || redacted.length > 0) for (const id of toolUseIds) this.toolUsesWithThinking.add(id);
  }

  isGenuine(thinking: string, signature: string): boolean {
    return this.thinkingBySignature.get(signature) === thinking;
  }

  isGenuineRedacted(data: string): boolean {
    return this.redactedData.has(data);
  }

  /** Whether the server produced this tool_use id in a message that began with thinking. */
  producedWithThinking(toolUseId: string): boolean {
    return this.toolUsesWithThinking.has(toolUseId);
  }

  /** Record one produced Chat Completions message: its `reasoning_content` (DeepSeek style) and its tool call ids. */
  rememberReasoning(reasoning: string, toolCallIds: string[]): void {
    if (reasoning === '') return;
    this.reasoningTexts.add(reasoning);
    for (const id of toolCallIds) this.reasoningByToolCall.set(id, reasoning);
  }

  /**
   * Whether the server accepts this `reasoning_content` back: one it produced, or an empty one
   * once it has produced any (DeepSeek accepts "" on a tool-loop message that had no reasoning).
   */
  acceptsReasoning(reasoning: string): boolean {
    return this.reasoningTexts.has(reasoning) || (reasoning === '' && this.reasoningTexts.size > 0);
  }

  /** The reasoning the server produced with this tool call, which DeepSeek requires back. */
  reasoningWith(toolCallId: string): string | undefined {
    return this.reasoningByToolCall.get(toolCallId);
  }
}
