/**
 * The seccomp program bubblewrap loads into every sandboxed process (classic BPF over
 * `struct seccomp_data`). It refuses, with EPERM, whole families rather than single calls:
 * - `socket()` of any address family but IPv4, IPv6 and routing netlink (which glibc's name lookup
 *   asks for the interfaces): Unix sockets of programs outside (Docker, the desktop bus,
 *   ssh-agent, the editor) are each a way out, and the others (vsock, packet, alg, bluetooth…)
 *   reach the kernel or the hypervisor rather than the proxy;
 * - io_uring, which opens and connects sockets (and files) without any call this filter sees;
 * - what reaches past the sandbox's namespaces: the kernel keyring (not namespaced), BPF, perf
 *   events, userfaultfd, other processes' memory and descriptors, file handles, mounts and
 *   namespaces, kernel modules, kexec, clocks, swap, reboot;
 * - `ioctl(TIOCSTI)` and `ioctl(TIOCLINUX)`: typing into the terminal the sandbox shares;
 * - every call of another architecture's ABI (x32, i386 on x86-64), whose numbers differ.
 * `socketpair` stays allowed: it makes anonymous pairs that reach nobody outside (libuv's child stdio).
 */

interface Architecture {
  /** AUDIT_ARCH_* of the native ABI. */
  audit: number;
  socket: number;
  ioctl: number;
  /** Numbers of the calls refused whatever their arguments. */
  refused: readonly number[];
  /** Calls numbered at or above this belong to another ABI (x32); undefined where there is none. */
  foreignAbiFrom?: number;
}

/** Calls numbered alike on x86-64 and arm64 (added after both tables merged). */
const sharedRefused = [
  425, 426, 427, // io_uring_setup, io_uring_enter, io_uring_register
  428, 429, 430, 431, 432, 433, 442, 467, // open_tree, move_mount, fsopen, fsconfig, fsmount, fspick, mount_setattr, open_tree_attr
  438, // pidfd_getfd
];

const architectures: Readonly<Record<string, Architecture>> = {
  x64: {
    audit: 0xc000003e,
    socket: 41,
    ioctl: 16,
    foreignAbiFrom: 0x40000000,
    refused: [
      ...sharedRefused,
      248, 249, 250, // add_key, request_key, keyctl
      321, 298, 323, // bpf, perf_event_open, userfaultfd
      101, 310, 311, // ptrace, process_vm_readv, process_vm_writev
      303, 304, // name_to_handle_at, open_by_handle_at
      165, 166, 155, // mount, umount2, pivot_root
      308, 272, // setns, unshare
      246, 320, // kexec_load, kexec_file_load
      175, 313, 176, // init_module, finit_module, delete_module
      163, 167, 168, 169, // acct, swapon, swapoff, reboot
      164, 227, 305, 159, // settimeofday, clock_settime, clock_adjtime, adjtimex
      172, 173, 212, 179, // iopl, ioperm, lookup_dcookie, quotactl
    ],
  },
  arm64: {
    audit: 0xc00000b7,
    socket: 198,
    ioctl: 29,
    refused: [
      ...sharedRefused,
      217, 218, 219, // add_key, request_key, keyctl
      280, 241, 282, // bpf, perf_event_open, userfaultfd
      117, 270, 271, // ptrace, process_vm_readv, process_vm_writev
      264, 265, // name_to_handle_at, open_by_handle_at
      40, 39, 41, // mount, umount2, pivot_root
      268, 97, // setns, unshare
      104, 294, // kexec_load, kexec_file_load
      105, 273, 106, // init_module, finit_module, delete_module
      89, 224, 225, 142, // acct, swapon, swapoff, reboot
      170, 112, 266, 171, // settimeofday, clock_settime, clock_adjtime, adjtimex
      18, 60, // lookup_dcookie, quotactl
    ],
  },
};

const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
const NETLINK_ROUTE = 0;
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;
const EPERM = 1;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;

const LOAD_WORD = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_EQUAL = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_AT_LEAST = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RETURN = 0x06; // BPF_RET | BPF_K

/** Offsets into `struct seccomp_data`: nr, arch, then args[] of 8 bytes (the low half first on little-endian). */
const NUMBER_OFFSET = 0;
const ARCH_OFFSET = 4;
const argumentOffset = (index: number): number => 16 + 8 * index;

type Instruction = [code: number, jumpIfTrue: number, jumpIfFalse: number, value: number];
/** Where a jump goes: the next instruction, a label, or one of the two returns that close the program. */
type Target = 'next' | 'allow' | 'deny' | `:${string}`;
type Step = { code: number; value: number; onTrue?: Target; onFalse?: Target } | { label: string };

/** The filter for this machine's architecture, or undefined where Elbow has none (the sandbox then refuses to run). */
export function seccompFilter(arch: string = process.arch): Buffer | undefined {
  const architecture = architectures[arch];
  return architecture === undefined ? undefined : encode(assemble(program(architecture)));
}

function program(architecture: Architecture): Step[] {
  const load = (offset: number): Step => ({ code: LOAD_WORD, value: offset });
  const jumpIf = (value: number, onTrue: Target, onFalse: Target = 'next'): Step => ({ code: JUMP_EQUAL, value, onTrue, onFalse });
  const foreignAbi: Step[] = architecture.foreignAbiFrom === undefined ? [] : [{ code: JUMP_AT_LEAST, value: architecture.foreignAbiFrom, onTrue: 'deny', onFalse: 'next' }];
  return [
    load(ARCH_OFFSET),
    jumpIf(architecture.audit, 'next', 'deny'),
    load(NUMBER_OFFSET),
    ...foreignAbi,
    ...refusedTree([...architecture.refused].sort((first, second) => first - second), 'refused'),
    { label: 'refused' },
    jumpIf(architecture.socket, ':socket'),
    jumpIf(architecture.ioctl, ':ioctl', 'allow'),
    { label: 'socket' },
    load(argumentOffset(0)),
    jumpIf(AF_INET, 'allow'),
    jumpIf(AF_INET6, 'allow'),
    jumpIf(AF_NETLINK, 'next', 'deny'),
    load(argumentOffset(2)),
    jumpIf(NETLINK_ROUTE, 'allow', 'deny'),
    { label: 'ioctl' },
    load(argumentOffset(1)),
    jumpIf(TIOCSTI, 'deny'),
    jumpIf(TIOCLINUX, 'deny', 'allow'),
  ];
}

/**
 * Refuses the calls in `numbers` (sorted) by halving the range, so that every call, refused or
 * not, passes a handful of comparisons rather than one per refused call; then goes to `done`.
 */
function refusedTree(numbers: readonly number[], done: string, name = 'tree'): Step[] {
  if (numbers.length <= 3) {
    return numbers.map((number, index): Step => ({ code: JUMP_EQUAL, value: number, onTrue: 'deny', onFalse: index === numbers.length - 1 ? `:${done}` : 'next' }));
  }
  const middle = Math.floor(numbers.length / 2);
  const upper = `${name}+`;
  return [
    { code: JUMP_AT_LEAST, value: numbers[middle] ?? 0, onTrue: `:${upper}`, onFalse: 'next' },
    ...refusedTree(numbers.slice(0, middle), done, `${name}-`),
    { label: upper },
    ...refusedTree(numbers.slice(middle), done, `${name}+`),
  ];
}

/** Resolves labels into the relative jumps classic BPF takes, and closes the program with its two returns. */
function assemble(steps: readonly Step[]): Instruction[] {
  const instructions = steps.filter((step): step is Exclude<Step, { label: string }> => !('label' in step));
  const positions = new Map<string, number>();
  let position = 0;
  for (const step of steps) {
    if ('label' in step) positions.set(step.label, position);
    else position += 1;
  }
  positions.set('allow', instructions.length);
  positions.set('deny', instructions.length + 1);
  const offset = (target: Target | undefined, from: number): number => {
    if (target === undefined || target === 'next') return 0;
    const at = positions.get(target.replace(/^:/, ''));
    if (at === undefined || at <= from || at - from - 1 > 255) throw new Error(`seccomp: no forward jump to ${target}`);
    return at - from - 1;
  };
  return [
    ...instructions.map((step, index): Instruction => [step.code, offset(step.onTrue, index), offset(step.onFalse, index), step.value]),
    [RETURN, 0, 0, RET_ALLOW],
    [RETURN, 0, 0, RET_ERRNO | EPERM],
  ];
}

function encode(instructions: readonly Instruction[]): Buffer {
  const bytes = Buffer.alloc(instructions.length * 8);
  instructions.forEach(([code, jumpIfTrue, jumpIfFalse, value], index) => {
    bytes.writeUInt16LE(code, index * 8);
    bytes.writeUInt8(jumpIfTrue, index * 8 + 2);
    bytes.writeUInt8(jumpIfFalse, index * 8 + 3);
    bytes.writeUInt32LE(value >>> 0, index * 8 + 4);
  });
  return bytes;
}
