import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { AttackPaths, AttackRow } from './attackHarness';

/** The repository ships its AGENTS.md as a link to `target` (relative to the workspace, or absolute). */
function agentsLinkedTo(target: string): (paths: AttackPaths) => Promise<void> {
  return async (paths) => {
    await fs.rm(path.join(paths.workspace, 'AGENTS.md'));
    await fs.symlink(target, path.join(paths.workspace, 'AGENTS.md'));
  };
}

/** Files Elbow's own, unsandboxed process reads before any tool call: plain `-p`, nothing approved. */
const instructionRows: AttackRow[] = [
  {
    name: 'AGENTS.md is a link to /proc/self/environ',
    mustNot: 'the API key or any variable of Elbow\'s environment reaches the model',
    flags: [],
    setup: agentsLinkedTo('/proc/self/environ'),
    calls: [],
  },
  {
    name: 'AGENTS.md is a link to the SSH key of the home folder',
    mustNot: 'the key reaches the model',
    flags: [],
    setup: agentsLinkedTo('../home/.ssh/id_ed25519'),
    calls: [],
  },
  {
    name: 'AGENTS.md is a link to the .elbowignore\'d .env',
    mustNot: 'the .env reaches the model',
    flags: [],
    setup: agentsLinkedTo('.env'),
    calls: [],
  },
];

/**
 * A background command in the sandbox swaps `notes.txt` for a link to `target` and back, as fast
 * as it can, while the model uses it again and again: Elbow's own process checks the path, then
 * uses it. Before the guarded opener some of the uses met the link.
 */
function swapper(target: string): [string, Record<string, unknown>] {
  const script = `const fs = require('fs'); for (;;) { try { fs.symlinkSync(${JSON.stringify(target)}, 'n.lnk'); fs.renameSync('n.lnk', 'notes.txt'); fs.writeFileSync('n.tmp', 'plain notes\\n'); fs.renameSync('n.tmp', 'notes.txt'); } catch {} }`;
  return ['run_command', { command: `node -e ${JSON.stringify(script)}`, background: true }];
}

const raceRows: AttackRow[] = [
  {
    name: 'read_file races a background command swapping the file for a link to the .elbowignore\'d .env',
    mustNot: 'the .env reaches the model',
    files: { 'notes.txt': 'plain notes\n' },
    calls: [swapper('.env'), ...Array.from({ length: 30 }, (_, index): [string, Record<string, unknown>] => ['read_file', { path: 'notes.txt', limit: index + 1 }])],
  },
  {
    name: 'write_file races a background command swapping the file for a link to .git/config',
    mustNot: '.git/config changes',
    files: { 'notes.txt': 'plain notes\n' },
    calls: [swapper('.git/config'), ...Array.from({ length: 30 }, (_, index): [string, Record<string, unknown>] => ['write_file', { path: 'notes.txt', content: `[core]\n\tfsmonitor = "touch {OUT}/fsmonitor${index}; false"\n` }])],
  },
];

export const fileRows: AttackRow[] = [
  ...instructionRows,
  ...raceRows,
  ...instructionRows.map((row) => ({ ...row, name: `no sandbox: ${row.name}`, flags: ['--no-sandbox'] })),
];
