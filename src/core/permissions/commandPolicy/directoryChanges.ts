import { normalizeCommandName } from './commandName';
import { needsApproval, type Finding } from './findings';
import { inCode } from './reasonText';

const directoryChangers: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'chdir']);
const cdOptions = /^-[LPe@]+$/;

/** `cd`, `pushd`, `popd`: after them relative paths are read from another folder. */
export function isDirectoryChange(name: string): boolean {
  return directoryChangers.has(normalizeCommandName(name));
}

/**
 * Where a folder change goes that no path argument shows: `cd` alone and `cd --` go to the home
 * folder, `cd -` to the previous one, `popd` and `pushd` without a folder along the folder stack.
 * All of these lie outside what Elbow can check, so the next relative path could be anywhere.
 */
export function judgeHiddenDestination(words: readonly string[], commandText: string): Finding | undefined {
  const name = normalizeCommandName(words[0] ?? '');
  if (!directoryChangers.has(name)) return undefined;
  const shown = inCode(commandText);
  let index = 1;
  while (index < words.length && cdOptions.test(words[index] as string)) index++;
  if (words[index] === '--') index++;
  const folder = words[index];
  if (name === 'popd') return needsApproval(`${shown} returns to a folder from the folder stack, which Elbow cannot know`);
  if (folder === undefined) {
    return name === 'pushd'
      ? needsApproval(`${shown} swaps folders on the folder stack, which Elbow cannot know`)
      : needsApproval(`${shown} goes to the home folder, which is outside the workspace`);
  }
  if (folder === '-') return needsApproval(`${shown} goes back to the previous folder, which Elbow cannot know`);
  if (name === 'pushd' && /^[+-]\d+$/.test(folder)) return needsApproval(`${shown} turns the folder stack, which Elbow cannot know`);
  return undefined;
}
