import { normalizeCommandName } from './commandName';
import { isCommandWrapper } from './commandWrappers';
import { quoteCommandWord } from './commandRules';
import { interpreterName, skipOptions, subcommandPrograms, type SubcommandProgram } from './subcommandPrograms';

/**
 * The rule "Always allow" would add for a command that no allow rule matches: the name plus
 * its subcommand (`npm test`, `git commit`), script (`node scripts/build.js`), module
 * (`python -m pytest`) or package (`npx jest`). Undefined when no prefix would be safe: bare
 * interpreters and wrappers would allow anything.
 */
export function alwaysAllowPrefix(words: readonly string[]): string | undefined {
  const name = words[0];
  if (name === undefined || name === '') return undefined;
  const kind = normalizeCommandName(name);
  if (isCommandWrapper(kind)) return undefined;
  if (interpreterName.test(kind)) return formatRule(interpreterPrefix(words));
  const tool = Object.hasOwn(subcommandPrograms, kind) ? subcommandPrograms[kind] : undefined;
  return formatRule(tool ? toolPrefix(words, tool) : [name]);
}

function interpreterPrefix(words: readonly string[]): readonly string[] | undefined {
  const first = words[1];
  if (first === undefined) return undefined;
  if (first === '-m' && words[2] !== undefined && !words[2].startsWith('-')) return words.slice(0, 3);
  return first.startsWith('-') ? undefined : words.slice(0, 2);
}

function toolPrefix(words: readonly string[], tool: SubcommandProgram): readonly string[] | undefined {
  const subcommandIndex = skipOptions(words, 1, tool.valueOptions);
  if (words.slice(1, subcommandIndex + 1).some((word) => tool.codeRunners?.includes(word))) return undefined;
  const subcommand = words[subcommandIndex];
  if (subcommand === undefined) return tool.bareAllowed ? words : undefined;
  const takesOperand = tool.runners?.includes(subcommand) || tool.nested?.includes(subcommand);
  if (!takesOperand) return words.slice(0, subcommandIndex + 1);
  const operandIndex = skipOptions(words, subcommandIndex + 1);
  // `npm run` alone would allow every script.
  if (words[operandIndex] === undefined) return tool.runners?.includes(subcommand) ? undefined : words.slice(0, subcommandIndex + 1);
  return words.slice(0, operandIndex + 1);
}

function formatRule(words: readonly string[] | undefined): string | undefined {
  if (!words || words.length === 0) return undefined;
  const quoted = words.map(quoteCommandWord);
  if (quoted.some((word) => word === undefined)) return undefined;
  const rule = quoted.join(' ');
  // A rule written `/…/` would be read as a regular expression.
  return /^\/.+\/i?$/s.test(rule) ? undefined : rule;
}
