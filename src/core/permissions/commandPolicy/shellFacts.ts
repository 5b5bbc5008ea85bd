import type { Assignment, Command, Redirect, SyntaxNode, Word } from 'unbash';
import { arithmeticInCommand, arithmeticInNode } from './arithmeticEvaluation';
import { loadShellParser } from './loadShellParser';

/** One simple command of a command line, wherever it sits: in a list, a pipe, a loop, a substitution. */
export interface SimpleCommand {
  /** The command as written, for reasons and pattern rules. */
  text: string;
  name: Word | undefined;
  /** Unquoted words: the name, then the arguments. */
  words: string[];
  argumentWords: Word[];
  /** `FOO=1` before the name, and the assignments of `export`, `declare`, `local`… */
  assignments: Assignment[];
  /** The text of its here-documents and here-strings: code, when the command is a shell. */
  inputTexts: string[];
}

export type ShellHazardKind =
  | 'commandSubstitution'
  | 'backtickSubstitution'
  | 'processSubstitution'
  | 'background'
  | 'functionDefinition'
  | 'coprocess'
  | 'parseError'
  | 'outputRedirect'
  | 'arithmetic';

/** A shell form that always needs approval, with the text it is in and a detail for the reason. */
export interface ShellHazard {
  kind: ShellHazardKind;
  text: string;
  detail: string;
}

/** A word outside a command's arguments that may name a file: a redirection target, an assignment value, a loop word. */
export interface PathOperand {
  word: Word;
  ownerText: string;
  /**
   * `redirectTarget` names a file; a `loopWord` is handed to the loop's commands; an
   * `assignmentValue` is taken as written, neither brace-expanded nor matched against files
   * (`x=*`), unlike an `arrayElement`.
   */
  use: 'redirectTarget' | 'loopWord' | 'assignmentValue' | 'arrayElement';
}

export interface ShellFacts {
  commands: SimpleCommand[];
  hazards: ShellHazard[];
  pathOperands: PathOperand[];
  /** Variables of `for` and `select` loops: they hold the loop's words, which are judged as path operands. */
  loopVariables: Set<string>;
}

export function collectShellFacts(source: string): ShellFacts {
  const facts: ShellFacts = { commands: [], hazards: [], pathOperands: [], loopVariables: new Set() };
  visit(loadShellParser().parse(source), source, source, facts);
  return facts;
}

const harmlessOutputTargets: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const writingOperators: ReadonlySet<string> = new Set(['>', '>>', '>|', '<>', '&>', '&>>', '>&']);

function visit(node: SyntaxNode, source: string, ownerText: string, facts: ShellFacts): void {
  let childSource = source;
  let childOwnerText = ownerText;
  const text = (): string => source.slice(node.pos, node.end);
  const arithmetic = arithmeticInNode(node);
  if (arithmetic !== undefined) facts.hazards.push({ kind: 'arithmetic', text: node.type === 'TestCommand' || node.type === 'ArithmeticCommand' ? text() : ownerText, detail: arithmetic });
  switch (node.type) {
    case 'Script':
      // Scripts decoded from escaped backticks own their source; positions below index it.
      if (node.source !== undefined) childSource = node.source;
      if (node.errors && node.errors.length > 0) {
        facts.hazards.push({ kind: 'parseError', text: ownerText, detail: node.errors.map((error) => error.message).join(', ') });
      }
      break;
    case 'Statement':
      if (node.background) facts.hazards.push({ kind: 'background', text: text(), detail: '&' });
      break;
    case 'Command': {
      childOwnerText = text();
      const command = describeCommand(node, childOwnerText, source);
      facts.commands.push(command);
      const evaluated = arithmeticInCommand(command.words);
      if (evaluated !== undefined) facts.hazards.push({ kind: 'arithmetic', text: childOwnerText, detail: evaluated });
      break;
    }
    case 'Redirected':
      childOwnerText = text();
      break;
    case 'Function':
      facts.hazards.push({ kind: 'functionDefinition', text: text(), detail: node.name.value });
      break;
    case 'Coproc':
      facts.hazards.push({ kind: 'coprocess', text: text(), detail: 'coproc' });
      break;
    case 'CommandExpansion':
    case 'ArithmeticCommandExpansion': {
      const kind = node.text.startsWith('`') ? 'backtickSubstitution' : 'commandSubstitution';
      facts.hazards.push({ kind, text: ownerText, detail: node.text });
      break;
    }
    case 'ProcessSubstitution':
      facts.hazards.push({ kind: 'processSubstitution', text: ownerText, detail: node.text });
      break;
    case 'Redirect':
      noteRedirect(node, ownerText, facts);
      break;
    case 'For':
    case 'Select':
      facts.loopVariables.add(node.name.value);
      for (const word of node.wordlist ?? []) facts.pathOperands.push({ word, ownerText: text(), use: 'loopWord' });
      break;
    case 'Assignment':
      if (node.value.type === 'Word') facts.pathOperands.push({ word: node.value, ownerText, use: 'assignmentValue' });
      else for (const word of node.value.elements) facts.pathOperands.push({ word, ownerText, use: 'arrayElement' });
      break;
    default:
      break;
  }
  loadShellParser().forEachChild(node, (child) => visit(child, childSource, childOwnerText, facts));
}

function describeCommand(command: Command, text: string, source: string): SimpleCommand {
  const words: string[] = [];
  const argumentWords: Word[] = [];
  const assignments: Assignment[] = [];
  if (command.name) words.push(command.name.value);
  for (const prefix of command.prefix) if (prefix.type === 'Assignment') assignments.push(prefix);
  for (const argument of command.args) {
    if (argument.type === 'Word') {
      words.push(argument.value);
      argumentWords.push(argument);
    } else {
      assignments.push(argument);
      const value = argument.value.type === 'Word' ? argument.value.value : source.slice(argument.value.pos, argument.value.end);
      words.push(`${argument.name}${argument.append ? '+=' : '='}${value}`);
    }
  }
  const inputTexts: string[] = [];
  for (const redirect of command.redirects) {
    if (redirect.type === 'HereDoc') inputTexts.push(redirect.body.text);
    else if (redirect.type === 'HereString' && redirect.target) inputTexts.push(redirect.target.value);
  }
  return { text, name: command.name, words, argumentWords, assignments, inputTexts };
}

function noteRedirect(redirect: Redirect, ownerText: string, facts: ShellFacts): void {
  const target = redirect.target;
  if (!target) return;
  const duplicatesDescriptor =
    redirect.operator === '<&' || (redirect.operator === '>&' && /^(?:\d+-?|-)$/.test(target.value));
  if (duplicatesDescriptor) return;
  facts.pathOperands.push({ word: target, ownerText, use: 'redirectTarget' });
  if (writingOperators.has(redirect.operator) && !harmlessOutputTargets.has(target.value)) {
    facts.hazards.push({ kind: 'outputRedirect', text: ownerText, detail: target.value });
  }
}
