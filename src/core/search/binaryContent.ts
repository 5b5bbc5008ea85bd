/** How much of a file is inspected for a NUL byte, as git and ripgrep do. */
export const BINARY_SNIFF_BYTES = 8192;

/** A NUL byte near the start means binary (UTF-16 text counts as binary too). */
export function looksBinary(bytes: Uint8Array, sniffBytes = BINARY_SNIFF_BYTES): boolean {
  return bytes.subarray(0, sniffBytes).includes(0);
}
