import { h } from '../dom';

/**
 * Text in which backticks mark inline code (`rm -rf build` is not on the allow list), as text and `<code>` nodes.
 * Everything stays text: the words may come from the model. A backtick without its pair is shown as it is.
 */
export function withInlineCode(text: string): (string | HTMLElement)[] {
  const parts = text.split('`');
  if (parts.length % 2 === 0) {
    const unpaired = parts.pop() ?? '';
    parts[parts.length - 1] += `\`${unpaired}`;
  }
  return parts.flatMap((part, index): (string | HTMLElement)[] => {
    if (part === '') return [];
    return index % 2 === 1 ? [h('code', { text: part })] : [part];
  });
}
