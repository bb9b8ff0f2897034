// The characters a reader cannot see but that change what they read: bidi
// controls, which reorder the text around them (Trojan Source, CVE-2021-42574),
// and zero-width characters, which split a word or a token without a visible
// trace. One table names them; one precompiled class finds runs of them.
// A zero-width joiner between two pictographs composes one emoji (a family,
// a flag with a sign), and a joiner or non-joiner inside a word of a script
// that shapes its letters (Arabic, Persian, the Indic scripts) is ordinary
// spelling: neither is reported.

export type InvisibleKind = 'bidi' | 'zero-width';

export interface InvisibleChar {
  readonly char: string;
  /** `U+202E`. */
  readonly codePoint: string;
  /** The short name Unicode gives it, for the review's badge: `RLO`. */
  readonly abbrev: string;
  /** What a message calls it: "a right-to-left override". */
  readonly name: string;
  readonly kind: InvisibleKind;
}

const table: readonly (readonly [number, string, string, InvisibleKind])[] = [
  [0x202a, 'LRE', 'a left-to-right embedding', 'bidi'],
  [0x202b, 'RLE', 'a right-to-left embedding', 'bidi'],
  [0x202c, 'PDF', 'a pop directional formatting', 'bidi'],
  [0x202d, 'LRO', 'a left-to-right override', 'bidi'],
  [0x202e, 'RLO', 'a right-to-left override', 'bidi'],
  [0x2066, 'LRI', 'a left-to-right isolate', 'bidi'],
  [0x2067, 'RLI', 'a right-to-left isolate', 'bidi'],
  [0x2068, 'FSI', 'a first strong isolate', 'bidi'],
  [0x2069, 'PDI', 'a pop directional isolate', 'bidi'],
  [0x200e, 'LRM', 'a left-to-right mark', 'bidi'],
  [0x200f, 'RLM', 'a right-to-left mark', 'bidi'],
  [0x061c, 'ALM', 'an Arabic letter mark', 'bidi'],
  [0x200b, 'ZWSP', 'a zero-width space', 'zero-width'],
  [0x200c, 'ZWNJ', 'a zero-width non-joiner', 'zero-width'],
  [0x200d, 'ZWJ', 'a zero-width joiner', 'zero-width'],
  [0x2060, 'WJ', 'a word joiner', 'zero-width'],
  [0xfeff, 'ZWNBSP', 'a zero-width no-break space (byte order mark)', 'zero-width'],
  [0x00ad, 'SHY', 'a soft hyphen', 'zero-width'],
];

export const invisibleChars: ReadonlyMap<string, InvisibleChar> = new Map(
  table.map(([cp, abbrev, name, kind]) => {
    const char = String.fromCharCode(cp);
    return [char, { char, codePoint: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, abbrev, name, kind }];
  }),
);

const escaped = [...invisibleChars.keys()].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
/** Runs of them, built once from the table. */
const runs = new RegExp(`[${escaped}]+`, 'gu');
const anyOf = new RegExp(`[${escaped}]`, 'u');

/** A run of invisible characters at UTF-16 offsets `[start, end)` of a text. */
export interface InvisibleRun {
  readonly start: number;
  readonly end: number;
  readonly chars: readonly InvisibleChar[];
}

const joiner = '\u200d';
const nonJoiner = '\u200c';
const pictograph = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\uFE0F\u20E3]/u;
// Scripts whose spelling uses ZWJ and ZWNJ to choose letter forms.
const shaping = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Every run of invisible characters in `s`, in order, except the legitimate joiners the header names. */
export function findInvisible(s: string): InvisibleRun[] {
  if (!anyOf.test(s)) return [];
  const found: InvisibleRun[] = [];
  runs.lastIndex = 0;
  for (let m = runs.exec(s); m !== null; m = runs.exec(s)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0] === joiner || m[0] === nonJoiner) {
      const before = codePointBefore(s, start);
      const after = String.fromCodePoint(s.codePointAt(end) ?? 0);
      if (m[0] === joiner && pictograph.test(before) && pictograph.test(after)) continue;
      if (shaping.test(before) && shaping.test(after)) continue;
    }
    found.push({ start, end, chars: [...m[0]].map((c) => invisibleChars.get(c)!) });
  }
  return found;
}

function codePointBefore(s: string, at: number): string {
  if (at === 0) return '';
  const low = s.charCodeAt(at - 1);
  const from = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return String.fromCodePoint(s.codePointAt(from)!);
}

/** "a right-to-left override (U+202E)", "a zero-width space (U+200B) and a word joiner (U+2060)", each kind once. */
export function describeInvisible(chars: readonly InvisibleChar[]): string {
  const names = [...new Set(chars.map((c) => `${c.name} (${c.codePoint})`))];
  const counted = chars.length > 1 && names.length === 1 ? `${chars.length} × ${names[0]}` : undefined;
  if (counted) return counted;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What the run can do to a reader, for a finding's message. */
export function invisibleEffect(chars: readonly InvisibleChar[]): string {
  const bidi = chars.some((c) => c.kind === 'bidi');
  const zero = chars.some((c) => c.kind === 'zero-width');
  const reorder = 'can reorder what a reviewer reads';
  const split = 'splits the text where a reviewer (and a secret scanner) sees nothing';
  return bidi && zero ? `${reorder}, and ${split}` : bidi ? reorder : split;
}

/** The review's visible stand-in for one invisible character: `⟨U+202E RLO⟩`. */
export function invisibleBadge(c: InvisibleChar): string {
  return `⟨${c.codePoint} ${c.abbrev}⟩`;
}
