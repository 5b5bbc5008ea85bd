import { isRecord } from '../jsonRecord';

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

/** The shape of Azure's filter names; any other key a server sends is counted, never quoted. */
const filterName = /^[a-z_]{1,40}$/;
const severities = new Set(['low', 'medium', 'high']);
/** How many fired filters are named; the rest are counted. */
const mostNamed = 5;

/**
 * "Azure's protected material filter (protected_material_text)" for each filter that fired, at most
 * five then "and N more", or `undefined` when none did. Only names and severities of Azure's shape
 * are quoted, so a server cannot fill the message or put other text in it.
 */
export function firedFilters(results: unknown): string | undefined {
  if (!isRecord(results)) return undefined;
  const fired = Object.entries(results).filter(([, result]) => isRecord(result) && result['filtered'] === true);
  if (fired.length === 0) return undefined;
  const named = fired.filter(([name]) => filterName.test(name)).slice(0, mostNamed).map(([name, result]) => {
    const severity = isRecord(result) && typeof result['severity'] === 'string' && severities.has(result['severity']) ? `, severity ${result['severity']}` : '';
    return `Azure's ${filterLabels[name] ?? name} filter (${name}${severity})`;
  });
  if (named.length === 0) return `Azure's content filter (${count(fired.length)} ${fired.length === 1 ? 'filter' : 'filters'})`;
  const rest = fired.length - named.length;
  return rest === 0 ? named.join(', ') : `${named.join(', ')} and ${count(rest)} more`;
}

/** The filters named by a 400 `content_filter` answer, or `undefined` when the body is not one. */
export function contentFilterRefusal(body: unknown): string | undefined {
  if (!isRecord(body) || body['code'] !== 'content_filter') return undefined;
  const inner = body['innererror'] ?? body['inner_error'];
  const results = isRecord(inner) ? inner['content_filter_result'] ?? inner['content_filter_results'] : undefined;
  return firedFilters(results) ?? "the provider's content filter";
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
