/**
 * A glob matcher that runs in time linear in the text for any pattern: the glob becomes a small
 * automaton whose set of live states is carried along the text (no backtracking), so a pattern
 * from the model or a repository (`*a*a*a*a*a*b`) cannot stall the process.
 *
 * Syntax: `*` (within a path segment), `**` as a whole segment (any number of folders), `?`,
 * `[abc]`, `[a-z]`, `[!abc]` / `[^abc]`, `\` escapes, and `{a,b}` when `braces` is on.
 */
export interface GlobOptions {
  ignoreCase?: boolean;
  braces?: boolean;
}

export interface GlobMatcher {
  matches(text: string): boolean;
}

type CharTest = (char: string) => boolean;

interface State {
  epsilon: number[];
  edges: { test: CharTest; to: number }[];
}

const notSlash: CharTest = (char) => char !== '/';
const anyChar: CharTest = () => true;

export function compileGlob(glob: string, options: GlobOptions = {}): GlobMatcher {
  const fold = options.ignoreCase === true ? (text: string) => text.toLowerCase() : (text: string) => text;
  const builder = new AutomatonBuilder(fold(glob), options.braces === true);
  const states = builder.build();
  return { matches: (text) => run(states, fold(text)) };
}

class AutomatonBuilder {
  private readonly states: State[] = [];
  private index = 0;

  constructor(private readonly glob: string, private readonly braces: boolean) {}

  build(): State[] {
    const start = this.newState();
    const end = this.sequence(start, 0);
    this.states[end]?.epsilon.push(this.states.length);
    this.newState();
    return this.states;
  }

  private newState(): number {
    this.states.push({ epsilon: [], edges: [] });
    return this.states.length - 1;
  }

  private edge(from: number, test: CharTest): number {
    const to = this.newState();
    this.states[from]?.edges.push({ test, to });
    return to;
  }

  private loop(from: number, test: CharTest): number {
    const looping = this.newState();
    this.states[from]?.epsilon.push(looping);
    this.states[looping]?.edges.push({ test, to: looping });
    return looping;
  }

  /** Reads up to the end, or to the `,` or `}` that closes the braces at `depth`. */
  private sequence(from: number, depth: number): number {
    const glob = this.glob;
    let current = from;
    while (this.index < glob.length) {
      const char = glob[this.index] as string;
      if (depth > 0 && (char === ',' || char === '}')) return current;
      this.index++;
      if (char === '*') current = this.star(current);
      else if (char === '?') current = this.edge(current, notSlash);
      else if (char === '[') current = this.characterClass(current);
      else if (char === '{' && this.braces) current = this.alternatives(current, depth + 1);
      else if (char === '\\' && this.index < glob.length) current = this.literal(current, glob[this.index++] as string);
      else current = this.literal(current, char);
    }
    return current;
  }

  private literal(from: number, char: string): number {
    return this.edge(from, (candidate) => candidate === char);
  }

  private star(from: number): number {
    const glob = this.glob;
    const startsSegment = this.index === 1 || glob[this.index - 2] === '/';
    if (glob[this.index] !== '*') return this.loop(from, notSlash);
    while (glob[this.index] === '*') this.index++;
    const endsSegment = this.index === glob.length || glob[this.index] === '/';
    if (!startsSegment || !endsSegment) return this.loop(from, notSlash);
    if (this.index === glob.length) return this.loop(from, anyChar);
    // `**/`: zero or more whole folders, each one or more characters and a `/`.
    this.index++;
    const entry = this.newState();
    this.states[from]?.epsilon.push(entry);
    const inside = this.edge(entry, notSlash);
    this.states[inside]?.edges.push({ test: notSlash, to: inside }, { test: (char) => char === '/', to: entry });
    return entry;
  }

  private characterClass(from: number): number {
    const glob = this.glob;
    let cursor = this.index;
    const negated = glob[cursor] === '!' || glob[cursor] === '^';
    if (negated) cursor++;
    const ranges: [string, string][] = [];
    let first = true;
    while (cursor < glob.length && (first || glob[cursor] !== ']')) {
      first = false;
      let low = glob[cursor++] as string;
      if (low === '\\' && cursor < glob.length) low = glob[cursor++] as string;
      let high = low;
      if (glob[cursor] === '-' && cursor + 1 < glob.length && glob[cursor + 1] !== ']') {
        high = glob[cursor + 1] as string;
        cursor += 2;
        if (high === '\\' && cursor < glob.length) high = glob[cursor++] as string;
      }
      ranges.push([low, high]);
    }
    if (cursor >= glob.length) return this.literal(from, '[');
    this.index = cursor + 1;
    const inRanges = (char: string) => ranges.some(([low, high]) => char >= low && char <= high);
    return this.edge(from, (char) => char !== '/' && inRanges(char) !== negated);
  }

  private alternatives(from: number, depth: number): number {
    const join = this.newState();
    for (;;) {
      const branch = this.newState();
      this.states[from]?.epsilon.push(branch);
      const end = this.sequence(branch, depth);
      this.states[end]?.epsilon.push(join);
      const closing = this.glob[this.index];
      if (closing === undefined) return join;
      this.index++;
      if (closing === '}') return join;
    }
  }
}

/** Carries the set of live states along the text; the last state accepts. */
function run(states: readonly State[], text: string): boolean {
  let live = closure(states, [0]);
  for (const char of text) {
    const next: number[] = [];
    for (const state of live) {
      for (const edge of states[state]?.edges ?? []) if (edge.test(char)) next.push(edge.to);
    }
    if (next.length === 0) return false;
    live = closure(states, next);
  }
  return live.includes(states.length - 1);
}

function closure(states: readonly State[], from: readonly number[]): number[] {
  const seen = new Uint8Array(states.length);
  const stack = [...from];
  const result: number[] = [];
  while (stack.length > 0) {
    const state = stack.pop() as number;
    if (seen[state] === 1) continue;
    seen[state] = 1;
    result.push(state);
    stack.push(...(states[state]?.epsilon ?? []));
  }
  return result;
}
