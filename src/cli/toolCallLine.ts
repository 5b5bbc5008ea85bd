const maxSummary = 60;

/** `read_file(src/app.ts)`: a tool call in one short line for the terminal, from the call's subject (see ToolCallDescription). */
export function toolCallLine(name: string, subject: string): string {
  return `${name}(${shorten(subject)})`;
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
