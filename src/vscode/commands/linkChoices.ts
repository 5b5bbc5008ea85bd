/** One row of the question asked before a web link from the chat opens. */
export interface LinkChoice {
  action: 'copy' | 'open';
  label: string;
  detail?: string;
}

/**
 * The rows of "Open this link from the chat?". A quick pick's first row is the one Enter takes, so
 * the first row is the harmless one: a link the model wrote may carry data out in its address and
 * opens only when the user moves to *Open link* and picks it.
 */
export function linkChoices(href: string): LinkChoice[] {
  return [
    { action: 'copy', label: '$(copy) Copy link' },
    { action: 'open', label: '$(link-external) Open link', detail: href },
  ];
}
