import type { ModelLimits } from '../../core/llm/modelCatalog';
import { windowSourceText } from '../../core/llm/windowSourceText';
import type { ContextGauge } from '../../protocol/chatItems';

/** The meter's reading after a `context` event, with where the session's window came from (VS Code's setting is `elbow.models`). */
export function contextGaugeOf(event: { usedTokens: number; windowTokens: number }, limits: ModelLimits | undefined): ContextGauge {
  const windowSource = windowSourceText(limits?.windowSource, 'elbow.models');
  return { usedTokens: event.usedTokens, windowTokens: event.windowTokens, ...(windowSource ? { windowSource } : {}) };
}
