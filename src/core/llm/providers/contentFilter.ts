/**
 * Azure OpenAI's content filter, named the way the user can act on it. Azure reports each filter
 * with whether it fired: in a 400 answer (`code: "content_filter"`,
 * `innererror.content_filter_result`) and on a streamed choice stopped with
 * `finish_reason: "content_filter"` (`content_filter_results`).
 * Filter names: https://learn.microsoft.com/azure/ai-foundry/openai/concepts/content-filter
 */
const filterLabels: Record<string, string> = {
  hate: 'hate',
  sexual: 'sexual content',
  violence: 'violence',
  self_harm: 'self-harm',
  profanity: 'profanity',
  jailbreak: 'jailbreak (prompt shield)',
  indirect_attack: 'indirect attack (prompt shield)',
  protected_material_text: 'protected material',
  protected_material_code: 'protected material',
};

/** "Azure's protected material filter (protected_material_text)" for each filter that fired, or `undefined` when none did. */
export function firedFilters(results: unknown): string | undefined {
  if (!isRecord(results)) return undefined;
  const fired = Object.entries(results).flatMap(([name, result]) => {
    if (!isRecord(result) || result['filtered'] !== true) return [];
    const severity = typeof result['severity'] === 'string' && result['severity'] !== 'safe' ? `, severity ${result['severity']}` : '';
    return [`Azure's ${filterLabels[name] ?? name} filter (${name}${severity})`];
  });
  return fired.length === 0 ? undefined : fired.join(', ');
}

/** The filters named by a 400 `content_filter` answer, or `undefined` when the body is not one. */
export function contentFilterRefusal(body: unknown): string | undefined {
  if (!isRecord(body) || body['code'] !== 'content_filter') return undefined;
  const inner = body['innererror'] ?? body['inner_error'];
  const results = isRecord(inner) ? inner['content_filter_result'] ?? inner['content_filter_results'] : undefined;
  return firedFilters(results) ?? "the provider's content filter";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
