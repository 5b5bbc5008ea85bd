/** Keys whose values best say what a call is about, in order of preference. */
const telling = ['path', 'pattern', 'command', 'query', 'focus'];
const maxSummary = 60;

/** `read_file(src/app.ts)`: a tool call in one short line for the terminal. */
export function toolCallLine(name: string, argumentsJson: string): string {
  return `${name}(${argumentsSummary(argumentsJson)})`;
}

function argumentsSummary(argumentsJson: string): string {
  let input: unknown;
  try {
    input = JSON.parse(argumentsJson === '' ? '{}' : argumentsJson);
  } catch {
    return shorten(argumentsJson);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return shorten(argumentsJson);
  const record = input as Record<string, unknown>;
  const key = telling.find((candidate) => typeof record[candidate] === 'string') ?? Object.keys(record).find((candidate) => typeof record[candidate] === 'string');
  return key === undefined ? '' : shorten(String(record[key]));
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > maxSummary ? `${oneLine.slice(0, maxSummary - 1)}…` : oneLine;
}

/** The first line of a tool's error, short enough for one terminal line. */
export function firstLine(text: string, max = 120): string {
  const line = text.split('\n', 1)[0]?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
