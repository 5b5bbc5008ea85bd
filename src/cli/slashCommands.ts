/** What the chat does itself instead of sending the line to the model. */
export type SlashCommand =
  | { name: 'usage' }
  | { name: 'compact'; focus?: string }
  | { name: 'retry' }
  | { name: 'help' }
  /** `text` absent: steer the lines queued during the run. */
  | { name: 'steer'; text?: string }
  | { name: 'exit' };

export const slashCommandHelp = `Commands:
  /usage             tokens, cost and context window use of this conversation
  /compact [focus]   summarise the conversation now to free context (focus: what to keep in detail)
  /retry             send the last request again after an error
  /steer [message]   while Elbow works: give it this message (or the lines queued so far) before its next step
  /help              this list
  /exit              quit (also Ctrl-D)
`;

/** The command a typed line names, or undefined for a prompt. Commands without arguments ignore any. */
export function parseSlashCommand(line: string): SlashCommand | undefined {
  const text = line.trim();
  const word = /^\/[a-z]+/.exec(text)?.[0];
  if (word === undefined || (text.length > word.length && !/\s/.test(text.charAt(word.length)))) return undefined;
  const argument = text.slice(word.length).trim();
  switch (word) {
    case '/usage':
      return { name: 'usage' };
    case '/compact':
      return argument === '' ? { name: 'compact' } : { name: 'compact', focus: argument };
    case '/retry':
      return { name: 'retry' };
    case '/help':
      return { name: 'help' };
    case '/steer':
      return argument === '' ? { name: 'steer' } : { name: 'steer', text: argument };
    case '/exit':
    case '/quit':
      return { name: 'exit' };
    default:
      return undefined;
  }
}
