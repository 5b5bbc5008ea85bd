import type { ConversationMode } from '../core/tools/conversationMode';

/** What the chat does itself instead of sending the line to the model. */
export type SlashCommand =
  | { name: 'usage' }
  | { name: 'compact'; focus?: string }
  | { name: 'retry' }
  | { name: 'help' }
  /** `/plan` toggles plan mode, `/plan on`, `/plan off` and `/act` set it. */
  | { name: 'mode'; mode: ConversationMode | 'toggle' }
  /** `/agent` lists the agents, `/agent NAME` picks one. */
  | { name: 'agent'; agent?: string }
  /** `text` absent: steer the lines queued during the run. */
  | { name: 'steer'; text?: string }
  /** `/customize` lists the skills, commands, agents and hooks found; `/customize trust` trusts the workspace's. */
  | { name: 'customize'; trust: boolean }
  | { name: 'exit' };

export const slashCommandHelp = `Commands:
  /usage             tokens, cost and context window use of this conversation
  /compact [focus]   summarise the conversation now to free context (focus: what to keep in detail)
  /retry             send the last request again after an error
  /plan [on|off]     plan mode: the agent reads and plans but changes nothing (toggles without on/off)
  /act               back to act mode, where the agent may edit files and run commands
  /agent [name]      list the agents, or pick one (Agent, Plan or a custom agent) for the conversation
  /steer [message]   while Elbow works: give it this message (or the lines queued so far) before its next step
  /customize [trust] the skills, commands, agents and hooks found, and their cost in tokens
                     (trust: use this folder's own, after a question)
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
    case '/plan':
      return { name: 'mode', mode: argument === 'off' ? 'act' : argument === 'on' ? 'plan' : 'toggle' };
    case '/act':
      return { name: 'mode', mode: 'act' };
    case '/agent':
      return argument === '' ? { name: 'agent' } : { name: 'agent', agent: argument };
    case '/steer':
      return argument === '' ? { name: 'steer' } : { name: 'steer', text: argument };
    case '/customize':
      return { name: 'customize', trust: argument === 'trust' };
    case '/exit':
    case '/quit':
      return { name: 'exit' };
    default:
      return undefined;
  }
}
