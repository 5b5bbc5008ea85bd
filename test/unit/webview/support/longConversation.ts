import type { ChatItem } from '../../../../src/protocol/chatItems';
import { assistant, tool, user } from './chatFixtures';

/** A 1×1 PNG, as an image attachment's thumbnail. */
const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function diffOf(index: number): string {
  return [
    `--- a/src/module${index}.ts`,
    `+++ b/src/module${index}.ts`,
    '@@ -1,4 +1,4 @@',
    ' import { helper } from "./helper";',
    `-export const value = ${index};`,
    `+export const value = ${index + 1};`,
    ' export function run(): number {',
    '   return helper(value);',
  ].join('\n');
}

function reply(index: number): string {
  return [
    `Module ${index} exports \`value\` and \`run\`. Here is what changed and why:`,
    '',
    '| name | before | after |',
    '|---|---|---|',
    `| value | ${index} | ${index + 1} |`,
    '',
    '```ts',
    `export const value = ${index + 1};`,
    'export function run(): number {',
    '  return helper(value);',
    '}',
    '```',
    '',
    'The tests cover both paths; nothing else depends on the old value. '.repeat(3),
  ].join('\n');
}

/**
 * A long session, ten items a turn: the user's question (every fifth with an image), a reply with thinking, a read,
 * a search, an edit with its diff, a command, and a long reply with a table and code. `count` items in all.
 */
export function longConversation(count: number): ChatItem[] {
  const items: ChatItem[] = [];
  for (let turn = 0; items.length < count; turn++) {
    const attachments = turn % 5 === 0 ? [{ id: `img${turn}`, kind: 'image' as const, path: `screenshot${turn}.png`, thumbnail: pixel }] : [];
    items.push(
      user(`u${turn}`, `Question ${turn}: what does module ${turn} do, and can you bump its value?`, attachments),
      assistant(`p${turn}`, `Let me read module ${turn} first.`, `The user asks about module ${turn}. I should read it, then search for its callers.`),
      tool(`r${turn}`, { status: 'done', toolKind: 'read', title: `Read src/module${turn}.ts (lines 1–200)`, result: 'export const x = 1;\n'.repeat(40) }),
      tool(`s${turn}`, { name: 'search', toolKind: 'search', status: 'done', title: `Searched "module${turn}" — 3 matches`, arguments: `{"query":"module${turn}"}`, result: `src/a.ts:1\nsrc/b.ts:2\nsrc/c.ts:3` }),
      tool(`e${turn}`, {
        name: 'edit_file',
        toolKind: 'edit',
        status: 'done',
        title: `Edited src/module${turn}.ts:2 +1 −1`,
        arguments: `{"path":"src/module${turn}.ts"}`,
        result: 'Edited.',
        changedFiles: [{ uri: `file:///workspace/src/module${turn}.ts`, path: `src/module${turn}.ts` }],
        review: 'accepted',
        proposal: { diff: diffOf(turn), state: 'applied' },
      }),
      tool(`c${turn}`, { name: 'run_command', toolKind: 'command', status: 'done', title: 'npm test', arguments: '{"command":"npm test"}', result: `${turn} passing\n`.repeat(10), placement: 'sandboxed' }),
      assistant(`a${turn}`, reply(turn)),
      user(`v${turn}`, 'Thanks, go on.'),
      assistant(`b${turn}`, `Done with module ${turn}.`),
      tool(`l${turn}`, { name: 'list_files', toolKind: 'list', status: 'done', title: 'Listed src', result: 'a.ts\nb.ts\nc.ts' }),
    );
  }
  return items.slice(0, count);
}
