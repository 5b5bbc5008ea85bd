import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { defaultAllowList } from '../src/core/permissions/commandPolicy/defaultAllowList';
import { judgeCommand, type JudgeContext } from '../src/core/permissions/commandPolicy/judgeCommand';
import { measureInterleaved, type MeasureOptions } from './measure';
import type { Row } from './report';

/** Judgements per measured run: one is too short to time. */
const JUDGEMENTS = 100;
/** Each command is judged before it runs, so judging must stay well under what spawning a process costs. */
const PER_COMMAND_GOAL_MS = 2;

const context: JudgeContext = {
  allow: [...defaultAllowList, 'npm test'],
  deny: ['rm', 'git push'],
  cwd: '/work/project',
  classifyPath: (absolutePath) => (absolutePath === '/work/project' || absolutePath.startsWith('/work/project/') ? 'inside' : 'outside'),
  platform: 'linux',
  shell: '/bin/bash',
  homeDirectory: '/home/me',
};

/**
 * What judging a command line costs before it runs: a typical six-part pipeline (judged 100 times per run), two
 * huge lines a model could send (20,000 words; 2,000 pipes), which must stay linear, and wildcards that would make a
 * regular expression backtrack, expanded against a real folder holding a 100-character name.
 */
export async function commandPolicyRows(rounds: MeasureOptions): Promise<Row[]> {
  const pipeline = 'cd src && grep -rn "TODO" . | sort | uniq -c | head -20; git status -s && git diff --stat HEAD~1 -- src/a.ts';
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'elbow-bench-globs-')));
  writeFileSync(path.join(folder, 'a'.repeat(100)), '');
  const onDisk: JudgeContext = { ...context, cwd: folder, classifyPath: (absolutePath) => (absolutePath === folder || absolutePath.startsWith(`${folder}${path.sep}`) ? 'inside' : 'outside') };
  try {
    const timings = await measureInterleaved({
      pipeline: { run: async () => { for (let index = 0; index < JUDGEMENTS; index++) judgeCommand(pipeline, context); } },
      longLine: { run: async () => { judgeCommand(`cat ${'src/a.ts '.repeat(10_000)}`, context); } },
      manyPipes: { run: async () => { judgeCommand(`ls${' | ls'.repeat(2000)}`, context); } },
      backtracking: { run: async () => { judgeCommand(`cat ${'*a'.repeat(14)}*b`, onDisk); judgeCommand(`cat ${'*a'.repeat(14)}`, onDisk); } },
    }, rounds);
    return [
      { label: `command policy: a 6-part command line ×${JUDGEMENTS}`, elbow: timings.pipeline, goal: { kind: 'under', ms: PER_COMMAND_GOAL_MS * JUDGEMENTS } },
      { label: 'command policy: 20,000 words on one line', elbow: timings.longLine, goal: { kind: 'under', ms: 1000 } },
      { label: 'command policy: 2,000 pipes', elbow: timings.manyPipes, goal: { kind: 'under', ms: 1000 } },
      { label: 'command policy: `cat *a*a…*b` and `cat *a*a…` (×14) on disk', elbow: timings.backtracking, goal: { kind: 'under', ms: 100 } },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
