import type { AgentChoice } from './pickedAgent';

/** `@name rest`: a message that picks an agent first; the name ends at the first white space. */
const atName = /^@([^\s@]+)(?:\s+([\s\S]*))?$/;

/**
 * The agent a message names at its start (`@reviewer check the diff`) and the message without it.
 * Undefined when it names none of `choices` (an `@file` mention stays part of the message).
 */
export function agentAtStart(text: string, choices: readonly AgentChoice[]): { name: string; rest: string } | undefined {
  const match = atName.exec(text.trim());
  const named = match?.[1]?.toLowerCase();
  const choice = named === undefined ? undefined : choices.find((candidate) => candidate.name.toLowerCase() === named);
  return choice === undefined ? undefined : { name: choice.name, rest: match?.[2] ?? '' };
}
