import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
import { createSandboxFixture, type SandboxFixture } from '../../../support/sandboxRun';

/** Debian's own Python (with ctypes), not a version manager's shim under a home folder the sandbox covers. */
const python = ['/usr/bin/python3', '/bin/python3'].find((candidate) => existsSync(candidate));

/** Each call with arguments that would succeed or fail for another reason than EPERM outside the sandbox. */
const probes = `
import ctypes, os, platform
libc = ctypes.CDLL(None, use_errno=True)
x64 = platform.machine() == 'x86_64'
buf = ctypes.create_string_buffer(256)
calls = {
  'io_uring_setup': (425, 4, buf),
  'socket AF_UNIX': (41 if x64 else 198, 1, 1, 0),
  'socket AF_VSOCK': (41 if x64 else 198, 40, 1, 0),
  'socket AF_PACKET': (41 if x64 else 198, 17, 3, 0),
  'socket AF_ALG': (41 if x64 else 198, 38, 5, 0),
  'socket AF_NETLINK uevent': (41 if x64 else 198, 16, 2, 15),
  'keyctl': (250 if x64 else 219, 0, -3, 0),
  'add_key': (248 if x64 else 217, b'user', b'elbow', b'x', 1, -3),
  'bpf': (321 if x64 else 280, 0, buf, 72),
  'perf_event_open': (298 if x64 else 241, buf, 0, -1, -1, 0),
  'userfaultfd': (323 if x64 else 282, 0),
  'process_vm_readv': (310 if x64 else 270, 1, 0, 0, 0, 0, 0),
  'pidfd_getfd': (438, -1, 0, 0),
  'name_to_handle_at': (303 if x64 else 264, -100, b'/', buf, buf, 0),
  'unshare': (272 if x64 else 97, 0),
  'fsopen': (430, b'tmpfs', 0),
}
for name, call in calls.items():
  ctypes.set_errno(0)
  result = libc.syscall(*call)
  print(name, 'EPERM' if result == -1 and ctypes.get_errno() == 1 else 'PASSED %d %s' % (result, os.strerror(ctypes.get_errno())))
`;

describe('seccomp refuses whole families of calls in the sandbox', function () {
  this.timeout(30_000);
  let fixture: SandboxFixture;

  before(function () {
    if (process.platform !== 'linux' || python === undefined) this.skip();
  });
  beforeEach(async () => {
    fixture = await createSandboxFixture();
  });
  afterEach(() => fixture.cleanup());

  it('io_uring cannot open and connect a Unix socket to a listener outside', async () => {
    const socketPath = path.join(fixture.base, 'agent.sock');
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(socketPath, resolve));
    try {
      // The script goes in on stdin: the repository may lie under /tmp, which the sandbox's own /tmp covers.
      const script = readFileSync(path.resolve(__dirname, '../../../support/ioUringConnect.py'), 'utf8');
      const run = await fixture.run(`${python} - ${socketPath} <<'ELBOW_PY'\n${script}\nELBOW_PY\necho done`);
      assert.match(run.output, /done/);
      assert.doesNotMatch(run.output, /CONNECTED/);
      assert.match(run.output, /SETUP-REFUSED Operation not permitted/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(connections, 0, 'the listener outside saw a connection');
    } finally {
      listener.close();
    }
  });

  it('refuses socket families but IPv4, IPv6 and routing netlink, and the calls that reach past the namespaces', async () => {
    await fs.writeFile(path.join(fixture.base, 'probes.py'), probes);
    const run = await fixture.run(`${python} ${path.join(fixture.base, 'probes.py')}`);
    const lines = run.output.trim().split('\n');
    assert.equal(lines.length, 16, run.output);
    for (const line of lines) assert.match(line, / EPERM$/, line);
  });

  it('still lets the tools of a build work: name lookup, IPv4 and IPv6 sockets, socketpair for child processes, git', async () => {
    const run = await fixture.run([
      `${process.execPath} -e "require('dns').lookup('localhost', (e, a) => console.log('LOOKUP', e ? e.code : a))"`,
      `${process.execPath} -e "require('child_process').exec('echo CHILD', (e, out) => process.stdout.write(out))"`,
      `${python} -c "import socket; socket.socket(socket.AF_INET); socket.socket(socket.AF_INET6); socket.socketpair(); socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0); print('SOCKETS')"`,
      'git init -q repo && git -C repo -c user.name=T -c user.email=t@t.invalid commit -q --allow-empty -m first && git -C repo log --oneline | grep -q first && echo GIT',
    ].join('; '));
    assert.match(run.output, /^LOOKUP (127\.0\.0\.1|::1)$/m, run.output);
    assert.match(run.output, /^CHILD$/m);
    assert.match(run.output, /^SOCKETS$/m);
    assert.match(run.output, /^GIT$/m, run.output);
  });
});
