/** Characters that models type in place of others, grouped by what the tool result calls them. */
const LOOK_ALIKES = [
  { name: 'curly quotes as straight ones', pattern: /[\u2018\u2019\u201A\u201B\u2032]/g, plain: "'" },
  { name: 'curly quotes as straight ones', pattern: /[\u201C\u201D\u201E\u201F\u2033]/g, plain: '"' },
  { name: 'non-breaking and other Unicode spaces as plain spaces', pattern: /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, plain: ' ' },
  { name: 'zero-width spaces as nothing', pattern: /[\u200B\u2060\uFEFF]/g, plain: '' },
  { name: 'dashes as hyphens', pattern: /[\u2010-\u2015\u2212]/g, plain: '-' },
];

const ANY_LOOK_ALIKE = /[\u2018\u2019\u201A\u201B\u2032\u201C\u201D\u201E\u201F\u2033\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000\u2060\uFEFF\u2010-\u2015\u2212]/;

export function hasLookAlikes(text: string): boolean {
  return ANY_LOOK_ALIKE.test(text);
}

/** The text with each look-alike replaced by the plain character it stands for. */
export function plainLookAlikes(text: string): string {
  if (!hasLookAlikes(text)) return text;
  let plain = text;
  for (const lookAlike of LOOK_ALIKES) plain = plain.replace(lookAlike.pattern, lookAlike.plain);
  return plain;
}

/** What the texts hold, for the tool result: `curly quotes as straight ones, dashes as hyphens`. */
export function lookAlikeNames(texts: readonly string[]): string {
  const names = new Set<string>();
  for (const lookAlike of LOOK_ALIKES) {
    if (texts.some((text) => new RegExp(lookAlike.pattern.source).test(text))) names.add(lookAlike.name);
  }
  return [...names].join(', ');
}
