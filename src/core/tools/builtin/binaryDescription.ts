const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; offset?: number; type: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], type: 'PNG image' },
  { bytes: [0xff, 0xd8, 0xff], type: 'JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: 'GIF image' },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, type: 'WebP image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], type: 'PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], type: 'ZIP archive (or a format built on ZIP: jar, docx, xlsx…)' },
  { bytes: [0x1f, 0x8b], type: 'gzip archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], type: 'ELF executable or library' },
  { bytes: [0x4d, 0x5a], type: 'Windows executable or library' },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], type: 'Mach-O executable or library' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], type: 'WebAssembly module' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], type: 'SQLite database' },
  { bytes: [0xff, 0xfe], type: 'UTF-16 text (little-endian)' },
  { bytes: [0xfe, 0xff], type: 'UTF-16 text (big-endian)' },
];

/** A short guess at what binary content is, with its size: `PNG image, 12.3 KB`. */
export function describeBinary(bytes: Uint8Array): string {
  const match = SIGNATURES.find(({ bytes: signature, offset = 0 }) =>
    signature.every((byte, index) => bytes[offset + index] === byte),
  );
  return `${match?.type ?? 'binary data'}, ${formatSize(bytes.length)}`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
