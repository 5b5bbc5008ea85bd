/**
 * The seccomp program bubblewrap loads into every sandboxed process (classic BPF over
 * `struct seccomp_data`), refusing with EPERM:
 * - `socket(AF_UNIX, …)`: the file system is readable in the sandbox, and so are the Unix
 *   sockets of programs outside it (Docker, the desktop bus, ssh-agent, the editor), each a way out;
 * - `ioctl(TIOCSTI)` and `ioctl(TIOCLINUX)`: typing into the terminal the sandbox shares;
 * - every call of another architecture's ABI (x32, i386 on x86-64), whose numbers differ.
 * `socketpair` stays allowed: it makes anonymous pairs that reach nobody outside.
 */

interface Architecture {
  /** AUDIT_ARCH_* of the native ABI. */
  audit: number;
  socket: number;
  ioctl: number;
  /** Calls numbered at or above this belong to another ABI (x32); undefined where there is none. */
  foreignAbiFrom?: number;
}

const architectures: Readonly<Record<string, Architecture>> = {
  x64: { audit: 0xc000003e, socket: 41, ioctl: 16, foreignAbiFrom: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, ioctl: 29 },
};

const AF_UNIX = 1;
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

/** The filter for this machine's architecture, or undefined where Elbow has none (the sandbox then refuses to run). */
export function seccompFilter(arch: string = process.arch): Buffer | undefined {
  const architecture = architectures[arch];
  return architecture === undefined ? undefined : encode(program(architecture));
}

function program(architecture: Architecture): Instruction[] {
  const deny = RET_ERRNO | EPERM;
  // Jump offsets count the instructions to skip; the two returns close the program.
  const checks: Instruction[] = [
    [LOAD_WORD, 0, 0, NUMBER_OFFSET],
    [JUMP_EQUAL, 0, 2, architecture.socket],
    [LOAD_WORD, 0, 0, argumentOffset(0)],
    [JUMP_EQUAL, 5, 4, AF_UNIX],
    [JUMP_EQUAL, 0, 3, architecture.ioctl],
    [LOAD_WORD, 0, 0, argumentOffset(1)],
    [JUMP_EQUAL, 2, 0, TIOCSTI],
    [JUMP_EQUAL, 1, 0, TIOCLINUX],
  ];
  const foreignAbi: Instruction[] =
    architecture.foreignAbiFrom === undefined ? [] : [[LOAD_WORD, 0, 0, NUMBER_OFFSET], [JUMP_AT_LEAST, checks.length + 1, 0, architecture.foreignAbiFrom]];
  const head: Instruction[] = [
    [LOAD_WORD, 0, 0, ARCH_OFFSET],
    [JUMP_EQUAL, 0, foreignAbi.length + checks.length + 1, architecture.audit],
  ];
  return [...head, ...foreignAbi, ...checks, [RETURN, 0, 0, RET_ALLOW], [RETURN, 0, 0, deny]];
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
