import assert from 'node:assert/strict';
import { bubblewrapArguments } from '../../../../src/node/sandbox/bubblewrapArguments';
import type { SandboxPlan } from '../../../../src/node/sandbox/sandboxPlan';
import { seatbeltProfile } from '../../../../src/node/sandbox/seatbeltProfile';
import { seccompFilter } from '../../../../src/node/sandbox/seccompFilter';

const plan: SandboxPlan = {
  writableRoots: ['/work/app'],
  privateTemp: '/tmp/elbow-sandbox-1/tmp',
  pinnedDirectories: ['/work/app/.git'],
  readOnlyPaths: ['/work/app/.vscode', '/work/app/.git/config'],
  protectedPaths: [{ path: '/work/app/.vscode', kind: 'directory' }, { path: '/work/app/AGENTS.md', kind: 'file' }],
  hiddenDirectories: ['/home/me/.ssh'],
  hiddenFiles: ['/work/app/.env'],
  coveredHomes: ['/home/me', '/root', '/home'],
  readableInHomes: [{ source: '/home/me/.gitconfig', target: '/home/me/.gitconfig' }, { source: '/opt/nvm', target: '/home/me/.nvm' }],
  keptReadable: ['/tmp/.mount_code/resources/app/scripts', '/opt/code/scripts', '/home/me/.vscode-server/bin/x/scripts'],
  environment: { PATH: '/usr/bin', TMPDIR: '/tmp' },
  cwd: '/work/app/src',
  network: { kind: 'none' },
};
const command = { bubblewrap: '/usr/bin/bwrap', shell: '/bin/bash', shellArguments: ['-c', 'npm test'], canDisableUserNamespaces: true };

/** The index of the first `option value…` group in `args`. */
function indexOf(args: readonly string[], ...group: string[]): number {
  return args.findIndex((_, index) => group.every((word, offset) => args[index + offset] === word));
}

describe('bubblewrapArguments', () => {
  it('mounts in an order where later mounts win: read-only root, empty homes, what they show, writable workspace, pinned .git, protected, hidden', () => {
    const args = bubblewrapArguments(plan, command);
    const order = [
      indexOf(args, '--ro-bind', '/', '/'),
      indexOf(args, '--bind', plan.privateTemp, '/tmp'),
      indexOf(args, '--tmpfs', '/home'),
      indexOf(args, '--tmpfs', '/home/me'),
      indexOf(args, '--ro-bind', '/opt/nvm', '/home/me/.nvm'),
      indexOf(args, '--ro-bind', '/home/me/.gitconfig', '/home/me/.gitconfig'),
      indexOf(args, '--ro-bind', '/home/me/.vscode-server/bin/x/scripts', '/home/me/.vscode-server/bin/x/scripts'),
      indexOf(args, '--ro-bind', '/tmp/.mount_code/resources/app/scripts', '/tmp/.mount_code/resources/app/scripts'),
      indexOf(args, '--bind', '/work/app', '/work/app'),
      indexOf(args, '--bind', '/work/app/.git', '/work/app/.git'),
      indexOf(args, '--ro-bind', '/work/app/.vscode', '/work/app/.vscode'),
      indexOf(args, '--ro-bind', '/work/app/.git/config', '/work/app/.git/config'),
      indexOf(args, '--tmpfs', '/home/me/.ssh'),
      indexOf(args, '--ro-bind', '/dev/null', '/work/app/.env'),
      indexOf(args, '--remount-ro', '/home/me'),
    ];
    assert.ok(order.every((index) => index >= 0), JSON.stringify(order));
    assert.deepEqual(order, [...order].sort((first, second) => first - second));
    assert.equal(indexOf(args, '--ro-bind', '/opt/code/scripts'), -1, 'what the private /tmp does not cover needs no mount');
    const showingHostTemp = bubblewrapArguments({ ...plan, keptReadable: ['/tmp', '/tmp/elbow-sandbox-1'] }, command);
    assert.equal(indexOf(showingHostTemp, '--ro-bind', '/tmp', '/tmp'), -1, 'the host\'s /tmp stays covered');
    assert.equal(indexOf(showingHostTemp, '--ro-bind', '/tmp/elbow-sandbox-1'), -1, 'so does the folder holding the private one');
  });

  it('unshares the network, user, pid and ipc namespaces, clears the environment and ends with seccomp and the shell', () => {
    const args = bubblewrapArguments(plan, command);
    for (const option of ['--unshare-net', '--unshare-user', '--unshare-pid', '--unshare-ipc', '--die-with-parent', '--disable-userns', '--clearenv']) assert.ok(args.includes(option), option);
    assert.ok(indexOf(args, '--setenv', 'PATH', '/usr/bin') > indexOf(args, '--clearenv'));
    assert.deepEqual(args.slice(-6), ['--seccomp', '3', '--', '/bin/bash', '-c', 'npm test']);
    assert.ok(!args.includes('--share-net'));
  });

  it('with allowed hosts, starts the proxy bridge first and loads seccomp in an inner bubblewrap', () => {
    const args = bubblewrapArguments({ ...plan, network: { kind: 'proxy', port: 3128, bridge: { socketFolder: '/tmp/elbow-sandbox-1/proxy', socketInside: '/tmp/.elbow-proxy/proxy.sock', socat: '/usr/bin/socat' } } }, command);
    const script = args[indexOf(args, '/bin/sh', '-c') + 2] ?? '';
    assert.match(script, /TCP-LISTEN:3128,bind=127\.0\.0\.1,fork,reuseaddr UNIX-CONNECT:\/tmp\/\.elbow-proxy\/proxy\.sock/);
    assert.match(script, /exec "\$@"$/);
    const inner = args.slice(indexOf(args, '/usr/bin/bwrap'));
    assert.deepEqual(inner.slice(-6), ['--seccomp', '3', '--', '/bin/bash', '-c', 'npm test']);
    assert.ok(inner.includes('--disable-userns'));
    assert.ok(!args.slice(0, indexOf(args, '--')).includes('--seccomp'), 'socat needs its Unix socket before seccomp');
    assert.ok(indexOf(args, '--ro-bind', '/tmp/elbow-sandbox-1/proxy', '/tmp/.elbow-proxy') > indexOf(args, '--bind', plan.privateTemp, '/tmp'), 'the socket\'s folder is read-only over the private /tmp');
  });
});

describe('seccompFilter', () => {
  it('is a whole number of BPF instructions ending in allow and refuse, for x64 and arm64, and none elsewhere', () => {
    for (const arch of ['x64', 'arm64']) {
      const program = seccompFilter(arch) as Buffer;
      assert.equal(program.length % 8, 0);
      const last = program.length / 8 - 1;
      assert.equal(program.readUInt16LE((last - 1) * 8), 0x06);
      assert.equal(program.readUInt32LE((last - 1) * 8 + 4), 0x7fff0000);
      assert.equal(program.readUInt32LE(last * 8 + 4), 0x00050001);
    }
    assert.equal(seccompFilter('ia32'), undefined);
  });

  it('decides each call as the kernel would run it: refused families EPERM, the rest allowed', () => {
    const program = seccompFilter('x64') as Buffer;
    /** Runs the classic BPF program over a `struct seccomp_data` of x86-64 (the kernel's interpreter, in small). */
    const decide = (nr: number, args: number[] = [], arch = 0xc000003e): string => {
      const word = (offset: number): number => (offset === 0 ? nr : offset === 4 ? arch : (args[(offset - 16) / 8] ?? 0));
      let accumulator = 0;
      for (let pc = 0; pc < program.length / 8; pc += 1) {
        const [code, jumpIfTrue, jumpIfFalse, value] = [program.readUInt16LE(pc * 8), program.readUInt8(pc * 8 + 2), program.readUInt8(pc * 8 + 3), program.readUInt32LE(pc * 8 + 4)];
        if (code === 0x20) accumulator = word(value);
        else if (code === 0x15) pc += accumulator === value ? jumpIfTrue : jumpIfFalse;
        else if (code === 0x35) pc += accumulator >= value ? jumpIfTrue : jumpIfFalse;
        else if (code === 0x06) return value === 0x7fff0000 ? 'allow' : 'EPERM';
        else throw new Error(`unknown instruction ${code}`);
      }
      throw new Error('the program ran off its end');
    };
    const refused = [425, 426, 427, 428, 429, 430, 431, 432, 433, 438, 442, 467, 248, 249, 250, 321, 298, 323, 101, 310, 311, 303, 304, 165, 166, 155, 308, 272, 246, 320, 175, 313, 176];
    for (const nr of refused) assert.equal(decide(nr), 'EPERM', `call ${nr}`);
    for (const nr of [0, 1, 2, 3, 9, 56, 57, 59, 60, 202, 217, 257, 262, 332, 424, 434, 435, 439, 53]) assert.equal(decide(nr), 'allow', `call ${nr}`);
    assert.equal(decide(41, [2, 1]), 'allow', 'socket(AF_INET)');
    assert.equal(decide(41, [10, 1]), 'allow', 'socket(AF_INET6)');
    assert.equal(decide(41, [16, 3, 0]), 'allow', 'socket(AF_NETLINK, NETLINK_ROUTE)');
    for (const family of [1, 16, 17, 38, 40, 31, 0]) assert.equal(decide(41, [family, 1, family === 16 ? 15 : 0]), 'EPERM', `socket(${family})`);
    assert.equal(decide(16, [0, 0x5412]), 'EPERM', 'TIOCSTI');
    assert.equal(decide(16, [0, 0x5413]), 'allow', 'TIOCGWINSZ');
    assert.equal(decide(0x40000000), 'EPERM', 'x32');
    assert.equal(decide(0, [], 0x40000003), 'EPERM', 'i386');
  });
});

describe('seatbeltProfile', () => {
  it('denies reads in the home folders but what a build needs, writes but in the workspace and temp folder, then protected paths (existing or not), and hides hidden paths', () => {
    const profile = seatbeltProfile({ ...plan, network: { kind: 'proxy', port: 50123 } });
    const lines = profile.trim().split('\n');
    assert.deepEqual(lines.slice(0, 4), ['(version 1)', '(allow default)', '(deny network*)', '(deny file-write*)']);
    assert.equal(lines[4], '(deny file-read* (subpath "/home/me") (subpath "/root") (subpath "/home"))');
    assert.match(lines[5] ?? '', /^\(allow file-read\* \(subpath "\/home\/me\/\.gitconfig"\) \(subpath "\/opt\/nvm"\) \(subpath "\/work\/app"\) \(subpath "\/tmp\/elbow-sandbox-1\/tmp"\)/);
    assert.match(lines[6] ?? '', /^\(allow file-write\* \(subpath "\/work\/app"\) \(subpath "\/tmp\/elbow-sandbox-1\/tmp"\)/);
    assert.equal(lines[7], '(deny file-write* (subpath "/work/app/.vscode") (literal "/work/app/AGENTS.md"))');
    assert.equal(lines[8], '(deny file-read* file-write* (subpath "/home/me/.ssh") (literal "/work/app/.env"))');
    assert.equal(lines[9], '(allow network-outbound (remote ip "localhost:50123"))');
    assert.match(seatbeltProfile({ ...plan, writableRoots: ['/work/a "b"\\c'] }), /\(subpath "\/work\/a \\"b\\"\\\\c"\)/);
  });
});
