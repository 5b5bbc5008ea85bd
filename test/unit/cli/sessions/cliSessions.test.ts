import assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { cliPath, elbowEnvironment, runElbow, useCliFixture } from '../../../support/elbowCli';
import { text, toolCall, type FakeLlmServer } from '../../../support/fakeLlmServer';
import { sessionsFolder } from '../../../../src/node/dataFolder';
import { savedConversationSchema, type SavedConversation } from '../../../../src/node/conversations/savedConversationSchema';

const savedByVsCode = path.join(__dirname, '../../vscode/chat/fixtures/saved-conversations/edit-with-tools.json');
const goldenTranscript = path.join(__dirname, '../fixtures/sessions/exported-transcript.md');

type StreamEvent = { type: string; [key: string]: unknown };
type WireMessage = { role: string; content: unknown };

describe('elbow sessions: saved, continued, listed, exported', function () {
  this.timeout(60_000);
  const fixture = useCliFixture();
  let server: FakeLlmServer;
  let cwd: string;
  let dataFolder: string;

  beforeEach(async () => {
    ({ server, cwd } = fixture);
    dataFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'elbow-sessions-data-'));
    await fs.writeFile(path.join(cwd, 'notes.txt'), 'remember the milk\n');
  });
  afterEach(() => fs.rm(dataFolder, { recursive: true, force: true }));

  const environment = (provider: 'openai' | 'anthropic'): NodeJS.ProcessEnv => ({ ...elbowEnvironment(server, provider), ELBOW_DATA_DIR: dataFolder });
  const folder = (): string => sessionsFolder(dataFolder, cwd);
  const savedFile = async (id: string): Promise<SavedConversation> => savedConversationSchema.parse(JSON.parse(await fs.readFile(path.join(folder(), `${id}.json`), 'utf8')));
  const events = (stdout: string): StreamEvent[] => stdout.trim().split('\n').map((line) => JSON.parse(line) as StreamEvent);

  /** A -p run that reads notes.txt then answers; its session id. */
  async function readNotesRun(): Promise<string> {
    server.enqueue({ kind: 'reply', content: [toolCall('read_file', { path: 'notes.txt' })] }, { kind: 'reply', content: [text('It says to remember the milk.')] });
    const run = await runElbow(['-p', 'what do my notes say?', '--json', '--cwd', cwd], environment('anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const stream = events(run.stdout);
    assert.equal(stream[0]?.resumed, false);
    assert.equal(stream.at(-1)?.sessionId, stream[0]?.sessionId);
    return String(stream[0]?.sessionId);
  }

  it('saves a -p run privately, with the items a History shows, under the session id the stream names', async () => {
    const id = await readNotesRun();
    const saved = await savedFile(id);
    assert.equal(saved.title, 'what do my notes say?');
    assert.deepEqual(saved.model, { provider: 'anthropic', model: 'claude-sonnet-4-6' });
    assert.deepEqual(saved.messages.map((message) => message.role), ['user', 'assistant', 'tool', 'assistant']);
    assert.deepEqual(saved.items.map((item) => item.kind), ['user', 'tool', 'assistant']);
    const card = saved.items[1];
    assert.ok(card?.kind === 'tool');
    assert.deepEqual({ name: card.name, title: card.title, status: card.status, toolKind: card.toolKind }, { name: 'read_file', title: 'Read notes.txt (lines 1–1)', status: 'done', toolKind: 'read' });
    assert.match(card.result, /remember the milk/);
    assert.ok(saved.usage.inputTokens > 0);
    assert.equal((await fs.stat(folder())).mode & 0o777, 0o700);
    assert.equal((await fs.stat(path.join(folder(), `${id}.json`))).mode & 0o777, 0o600);
    assert.equal((await fs.stat(path.join(folder(), 'index.json'))).mode & 0o777, 0o600);
  });

  it('--resume and --continue carry a session on in a new process: the provider gets its whole history', async () => {
    const id = await readNotesRun();
    server.enqueue({ kind: 'reply', content: [text('Nothing else.')] });
    const resumed = await runElbow(['-p', 'anything else?', '--json', '--resume', id, '--cwd', cwd], environment('anthropic'));
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual({ ...events(resumed.stdout)[0], cwd: undefined, version: undefined }, { type: 'session', version: undefined, sessionId: id, resumed: true, cwd: undefined, provider: 'anthropic', model: 'claude-sonnet-4-6' });
    const anthropic = server.requests.at(-1)?.body as { messages: WireMessage[] };
    assert.deepEqual(anthropic.messages.map((message) => message.role), ['user', 'assistant', 'user', 'assistant', 'user']);
    assert.deepEqual((anthropic.messages.at(-1)?.content as Array<{ type: string; text: string }>).map(({ type, text: said }) => ({ type, text: said })), [{ type: 'text', text: 'anything else?' }]);

    server.enqueue({ kind: 'reply', content: [text('You are welcome.')] });
    const continued = await runElbow(['-p', 'thanks', '--continue', '--cwd', cwd], environment('openai'));
    assert.deepEqual({ code: continued.code, stdout: continued.stdout }, { code: 0, stdout: 'You are welcome.\n' }, continued.stderr);
    assert.match(continued.stderr, /this session was held with anthropic claude-sonnet-4-6; it goes on with openai deepseek-chat/);
    const openai = server.requests.at(-1)?.body as { messages: WireMessage[] };
    assert.deepEqual(openai.messages.map((message) => message.role), ['system', 'user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'user']);
    assert.deepEqual(server.violations, []);
    const saved = await savedFile(id);
    assert.deepEqual(saved.items.map((item) => item.kind), ['user', 'tool', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    assert.deepEqual(saved.model, { provider: 'openai', model: 'deepseek-chat' });
    assert.deepEqual((await fs.readdir(folder())).sort(), [`${id}.json`, 'index.json']);
  });

  it('carries on a conversation VS Code saved, keeping its items and review as they were', async () => {
    const original = JSON.parse(await fs.readFile(savedByVsCode, 'utf8')) as SavedConversation;
    const review = { files: [{ path: 'fizzbuzz.js', state: 'pending' }] };
    await fs.mkdir(folder(), { recursive: true });
    await fs.writeFile(path.join(folder(), `${original.id}.json`), JSON.stringify({ ...original, review, mode: 'plan' }));
    server.enqueue({ kind: 'reply', content: [text('Here is the plan.')] });
    const run = await runElbow(['-p', 'plan the next step', '--resume', original.id, '--cwd', cwd], environment('anthropic'));
    assert.equal(run.code, 0, run.stderr);
    const sent = server.requests.at(-1)?.body as { messages: WireMessage[]; system: unknown };
    assert.match(JSON.stringify(sent.messages.at(-1)?.content), /Plan mode is on for this message/, 'the saved mode is restored');
    const saved = await savedFile(original.id);
    assert.deepEqual(saved.items.slice(0, original.items.length), original.items);
    assert.deepEqual(saved.items.slice(original.items.length).map((item) => item.kind === 'user' || item.kind === 'assistant' ? item.text : item.kind), ['plan the next step', 'Here is the plan.']);
    assert.deepEqual(saved.review, review);
    assert.equal(saved.title, original.title);
    assert.equal(saved.createdAt, original.createdAt);
  });

  it('keeps the turns a run completed when the process dies mid-run', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('read_file', { path: 'notes.txt' })] }, { kind: 'hang' });
    const child = spawn(process.execPath, [cliPath, '-p', 'what do my notes say?', '--cwd', cwd], { env: environment('anthropic'), stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // The second turn waits on the server for good; the first must be on disk by then, not only when the run ends.
    const deadline = Date.now() + 15_000;
    let saved: SavedConversation | undefined;
    while (saved?.messages.length !== 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [file] = (await fs.readdir(folder()).catch(() => [])).filter((name) => /^[0-9a-f-]+\.json$/.test(name));
      if (server.requests.length === 2 && file !== undefined) saved = await savedFile(path.basename(file, '.json'));
    }
    child.kill('SIGKILL');
    await exited;
    server.discardPending();
    assert.ok(saved !== undefined);
    assert.deepEqual(saved.messages.map((message) => message.role), ['user', 'assistant', 'tool']);
    assert.deepEqual(saved.items.map((item) => (item.kind === 'tool' ? `${item.kind}:${item.status}` : item.kind)), ['user', 'tool:done']);
  });

  it('notes in the History a run the turn limit stopped', async () => {
    server.enqueue({ kind: 'reply', content: [toolCall('list_files', {})] });
    const run = await runElbow(['-p', 'look around', '--max-turns', '1', '--json', '--cwd', cwd], environment('openai'));
    assert.equal(run.code, 3, run.stderr);
    const saved = await savedFile(String(events(run.stdout)[0]?.sessionId));
    assert.deepEqual(saved.items.map((item) => item.kind), ['user', 'tool', 'notice']);
    assert.match(saved.items[2]?.kind === 'notice' ? saved.items[2].text : '', /Stopped after 1 model turn/);
  });

  it('refuses an unknown or malformed --resume id and an empty --continue with exit 2, sending nothing', async () => {
    const unknown = await runElbow(['-p', 'hi', '--resume', 'no-such-session', '--cwd', cwd], environment('openai'));
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--resume: no session no-such-session is saved for this folder .*Run elbow sessions to list/);
    const malformed = await runElbow(['-p', 'hi', '--resume', '../../etc/passwd', '--cwd', cwd], environment('openai'));
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /is not a session id\. Run elbow sessions/);
    const empty = await runElbow(['-p', 'hi', '--continue', '--cwd', cwd], environment('openai'));
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /--continue: no session is saved for this folder yet/);
    assert.equal(server.requests.length, 0);
  });

  it('saves piped prompts as one session, and elbow sessions lists them newest first', async () => {
    const first = await readNotesRun();
    server.enqueue({ kind: 'reply', content: [text('One.')] }, { kind: 'reply', content: [text('Two.')] });
    const piped = await runElbow(['--cwd', cwd], environment('openai'), 'count\nagain\n');
    assert.equal(piped.code, 0, piped.stderr);
    const listed = await runElbow(['sessions', '--json', '--cwd', cwd], { ...environment('openai'), OPENAI_API_KEY: '' });
    assert.equal(listed.code, 0, listed.stderr);
    const rows = JSON.parse(listed.stdout) as Array<{ id: string; title: string; turns: number; messages: number }>;
    assert.deepEqual(rows.map(({ title, turns, messages }) => ({ title, turns, messages })), [
      { title: 'count', turns: 2, messages: 4 },
      { title: 'what do my notes say?', turns: 1, messages: 4 },
    ]);
    assert.equal(rows[1]?.id, first);
    const plain = await runElbow(['sessions', '--cwd', cwd], environment('openai'));
    assert.match(plain.stdout, new RegExp(`^${rows[0]?.id}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d    2 turns  count\\n${first}  .*  1 turn   what do my notes say\\?\\n$`));
  });

  it('exports a session as the golden Markdown transcript and as the saved JSON', async () => {
    // What the tool and the model return tries to close its block and start HTML.
    await fs.writeFile(path.join(cwd, 'notes.txt'), '````\n</pre><script>alert(1)</script>\n# not a heading\n');
    server.enqueue({ kind: 'reply', content: [toolCall('read_file', { path: 'notes.txt' })] }, { kind: 'reply', content: [text('It holds:\n```\n<img src=x onerror=alert(1)>\n```')] });
    const run = await runElbow(['-p', 'show me notes.txt <b>now</b>', '--json', '--cwd', cwd], environment('openai'));
    assert.equal(run.code, 0, run.stderr);
    const id = String(events(run.stdout)[0]?.sessionId);
    const markdown = await runElbow(['export', id, '--format', 'markdown', '--cwd', cwd], environment('openai'));
    assert.equal(markdown.code, 0, markdown.stderr);
    const comparable = markdown.stdout
      .replace(id, '<session>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
      // The request's size, and so its tokens, follows the temporary folder's name in the system prompt.
      .replace(/^- Tokens: \d+ in, /m, '- Tokens: <n> in, ')
      .replace(/^- Cost: \$\d+\.\d+$/m, '- Cost: $<n>');
    if (process.env.ELBOW_UPDATE_GOLDEN === '1') await fs.writeFile(goldenTranscript, comparable);
    assert.equal(comparable, await fs.readFile(goldenTranscript, 'utf8'));

    const output = path.join(cwd, 'out.json');
    const json = await runElbow(['export', id, '--format', 'json', '--output', output, '--cwd', cwd], environment('openai'));
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(await fs.readFile(output, 'utf8')), JSON.parse(await fs.readFile(path.join(folder(), `${id}.json`), 'utf8')));
    const badFormat = await runElbow(['export', id, '--format', 'html', '--cwd', cwd], environment('openai'));
    assert.equal(badFormat.code, 2);
  });
});
