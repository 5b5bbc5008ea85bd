/**
 * VS Code turns `[text](target)` in a notification's message into a link, command links included,
 * and Elbow's messages quote text from the model, a repository's settings, MCP servers and errors:
 * each such pair is split, so the text stays readable and nothing in it links.
 */
export function inertInNotification(message: string): string {
  return message.replaceAll('](', '] (');
}
