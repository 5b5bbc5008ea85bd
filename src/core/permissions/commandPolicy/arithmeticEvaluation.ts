import type { ArithmeticExpression, Assignment, ParameterExpansionPart, SyntaxNode, TestExpression, Word } from 'unbash';
import { normalizeCommandName } from './commandName';

/**
 * Bash evaluates arithmetic in many places: `$((…))`, `((…))`, `let`, `[[ x -eq y ]]`, array
 * subscripts, `${s:offset}`. A variable named there is evaluated in turn, and a subscript in its
 * value, `a[$(cmd)]`, runs the command, even when the text came from single quotes or from a
 * variable set elsewhere. Only plain numbers are safe.
 */
const plainNumber = /^(?:-?\d+|0[xX][0-9A-Fa-f]+|\$[?#])$/;
const plainSubscript = /^(?:-?\d+|[@*])$/;
const arithmeticTestOperators: ReadonlySet<string> = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
/** Builtins that take variable names, where a name like `a[$(cmd)]` has its subscript evaluated. */
const nameTakers: ReadonlySet<string> = new Set(['read', 'mapfile', 'readarray', 'unset', 'declare', 'typeset', 'local', 'export', 'readonly', 'wait', 'getopts']);
const declarers: ReadonlySet<string> = new Set(['declare', 'typeset', 'local']);

const onVariable = 'evaluates arithmetic on a variable, whose value can run commands';
const onSubscript = 'uses an array subscript, which Bash evaluates as arithmetic that can run commands';

/** What in this syntax node makes Bash evaluate arithmetic on text it does not show, or undefined. */
export function arithmeticInNode(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'ArithmeticExpansion':
    case 'ArithmeticCommand':
      return node.expression === undefined || !isPlainArithmetic(node.expression) ? onVariable : undefined;
    case 'ArithmeticFor':
      return [node.initialize, node.test, node.update].every((part) => part === undefined || isPlainArithmetic(part)) ? undefined : onVariable;
    case 'ParameterExpansion':
      return arithmeticInParameter(node);
    case 'TestCommand':
      return arithmeticInTest(node.expression);
    case 'Assignment':
      return arithmeticInAssignment(node);
    default:
      return undefined;
  }
}

/** What in this command's words makes Bash evaluate a subscript or arithmetic, or undefined. */
export function arithmeticInCommand(words: readonly string[]): string | undefined {
  let start = 0;
  while (['command', 'builtin'].includes(normalizeCommandName(words[start] ?? ''))) start++;
  const name = normalizeCommandName(words[start] ?? '');
  const args = words.slice(start + 1);
  if (name === 'let') return 'evaluates arithmetic with `let`, where a variable\'s value can run commands';
  if (name === 'test' || name === '[') {
    const named = args.some((arg, index) => (args[index - 1] === '-v' || args[index - 1] === '-R') && arg.includes('['));
    return named ? onSubscript : undefined;
  }
  if (name === 'printf') {
    const named = args.some((arg, index) => (arg.startsWith('-v') && arg.slice(2).includes('[')) || (args[index - 1] === '-v' && arg.includes('[')));
    return named ? onSubscript : undefined;
  }
  if (!nameTakers.has(name)) return undefined;
  if (declarers.has(name) && args.some((arg) => /^[-+][A-Za-z]*[in]/.test(arg))) {
    return 'declares an integer or reference variable, whose values Bash evaluates and which can run commands';
  }
  // The name is what comes before `=`: `export FOO=${a[1]}` names FOO.
  return args.some((arg) => (arg.split('=', 1)[0] as string).includes('[')) ? onSubscript : undefined;
}

function isPlainArithmetic(expression: ArithmeticExpression): boolean {
  switch (expression.type) {
    case 'ArithmeticBinary':
      return isPlainArithmetic(expression.left) && isPlainArithmetic(expression.right);
    case 'ArithmeticUnary':
      return !/^(?:\+\+|--)$/.test(expression.operator) && isPlainArithmetic(expression.operand);
    case 'ArithmeticTernary':
      return isPlainArithmetic(expression.test) && isPlainArithmetic(expression.consequent) && isPlainArithmetic(expression.alternate);
    case 'ArithmeticGroup':
      return isPlainArithmetic(expression.expression);
    case 'ArithmeticWord':
      return plainNumber.test(expression.value);
    case 'ArithmeticCommandExpansion':
      // Reported as a command substitution.
      return true;
  }
}

function arithmeticInParameter(expansion: ParameterExpansionPart): string | undefined {
  if (expansion.index !== undefined && !plainSubscript.test(expansion.index.value)) return onSubscript;
  if (expansion.prefix === '!' && expansion.index === undefined && expansion.operation?.type !== 'Names') {
    return 'expands the variable another variable names, which can run commands';
  }
  const operation = expansion.operation;
  if (operation?.type === 'Slice' && [operation.offset, operation.length].some((word) => word !== undefined && !isPlainNumberWord(word))) {
    return onVariable;
  }
  if (operation?.type === 'Transform' && operation.operand.value.includes('P')) return 'expands a variable as a prompt string, which runs the commands in it';
  return undefined;
}

function arithmeticInTest(expression: TestExpression): string | undefined {
  switch (expression.type) {
    case 'TestUnary':
      return (expression.operator === '-v' || expression.operator === '-R') && expression.operand.value.includes('[') ? onSubscript : undefined;
    case 'TestBinary':
      return arithmeticTestOperators.has(expression.operator) && !(isPlainNumberWord(expression.left) && isPlainNumberWord(expression.right)) ? onVariable : undefined;
    case 'TestLogical':
      return expression.operands.map(arithmeticInTest).find((found) => found !== undefined);
    case 'TestNot':
      return arithmeticInTest(expression.operand);
    case 'TestGroup':
      return arithmeticInTest(expression.expression);
  }
}

function arithmeticInAssignment(assignment: Assignment): string | undefined {
  if (assignment.index !== undefined && !plainSubscript.test(assignment.index.value)) return onSubscript;
  if (assignment.value.type !== 'ArrayValue') return undefined;
  const keyed = assignment.value.elements.some((element) => element.value.startsWith('[') && !/^\[-?\d+\]\+?=/.test(element.value));
  return keyed ? onSubscript : undefined;
}

function isPlainNumberWord(word: Word): boolean {
  return plainNumber.test(word.value.trim());
}
