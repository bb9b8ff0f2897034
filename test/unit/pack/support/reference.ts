// Independent references for the properties: upstream's fail-fast decoder,
// the renderer and FNV-1a written the plain way, straight from FORMATS.md
// Part A (strings split and joined, BigInt arithmetic). Slow and obvious on
// purpose; the core is fast and clever, and these keep it honest.

const whitespace = new Set([' ', '\t', '\n', '\v', '\f', '\r', '\u0085', '\u2028', '\u2029']);

export function refTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && whitespace.has(s[a]!)) a++;
  while (b > a && whitespace.has(s[b - 1]!)) b--;
  return s.slice(a, b);
}

export function refTrimEnd(s: string): string {
  let b = s.length;
  while (b > 0 && whitespace.has(s[b - 1]!)) b--;
  return s.slice(0, b);
}

export interface RefReport {
  boundary: string;
  subject: string;
  expected: string;
  context: string;
}

export interface RefPack {
  readonly version: string;
  readonly sections: readonly { readonly name: string; readonly body: string }[];
}

function graphemes(s: string): string[] {
  return Array.from(new Intl.Segmenter().segment(s), (x) => x.segment);
}

function report(line: number, expected: string, context: string): RefReport {
  const g = graphemes(context);
  return {
    boundary: 'prompt/pack.decode',
    subject: line === 0 ? 'the pack as a whole' : `line ${line}`,
    expected,
    context: g.length > 256 ? `${g.slice(0, 256).join('')}…` : context,
  };
}

const nameOk = (s: string, re: RegExp) => s.length >= 1 && s.length <= 64 && re.test(s);

/** Upstream's decoder, rule for rule, plus the one addition we make: a leading byte-order mark is ignored. */
export function refDecode(source: string): { ok: true; pack: RefPack } | { ok: false; report: RefReport } {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  let header = false;
  let version: string | undefined;
  const done: { name: string; body: string }[] = [];
  let open: { name: string; lines: string[] } | undefined;
  const close = () => {
    if (open) done.push({ name: open.name, body: refTrim(open.lines.join('\n')) });
    open = undefined;
  };
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const n = i + 1;
    if (!line.startsWith('%%')) {
      if (open) open.lines.push(line);
      else if (refTrim(line) !== '') return { ok: false, report: report(n, 'a directive or a blank line', line) };
      continue;
    }
    const content = refTrim(line.slice(2));
    if (content.startsWith('#')) continue;
    const space = content.indexOf(' ');
    const keyword = space === -1 ? content : content.slice(0, space);
    const argument = space === -1 ? '' : refTrim(content.slice(space + 1));
    if (keyword === 'loom-prompt-pack') {
      if (header) return { ok: false, report: report(n, 'exactly one pack header', argument) };
      if (!/^[+-]?\d+$/.test(argument) || Number(argument) !== 1) return { ok: false, report: report(n, 'format version 1', argument) };
      header = true;
    } else if (keyword === 'version') {
      if (!header) return { ok: false, report: report(n, 'the pack header first', argument) };
      if (version !== undefined) return { ok: false, report: report(n, 'exactly one version directive', argument) };
      if (open) return { ok: false, report: report(n, 'the version before the first section', argument) };
      if (!nameOk(argument, /^[a-z0-9._-]+$/)) {
        return { ok: false, report: report(n, 'a version of 1-64 characters from [a-z0-9._-]', argument) };
      }
      version = argument;
    } else if (keyword === 'section') {
      close();
      if (!header) return { ok: false, report: report(n, 'the pack header first', argument) };
      if (version === undefined) return { ok: false, report: report(n, 'a version before the first section', argument) };
      if (!nameOk(argument, /^[a-z0-9_]+$/)) {
        return { ok: false, report: report(n, 'a section name of 1-64 characters from [a-z0-9_]', argument) };
      }
      if (done.some((s) => s.name === argument)) return { ok: false, report: report(n, 'a section name used once', argument) };
      open = { name: argument, lines: [] };
    } else {
      return { ok: false, report: report(n, 'one of `loom-prompt-pack`, `version`, `section`', content) };
    }
  }
  if (!header) return { ok: false, report: report(0, 'a `%% loom-prompt-pack 1` header line', '') };
  if (version === undefined) return { ok: false, report: report(0, 'a `%% version <id>` directive', '') };
  close();
  return { ok: true, pack: { version, sections: done } };
}

export interface RefEnvironment {
  workspace: string;
  platform: string;
  shell: string;
  tools: readonly string[];
  availableTools: readonly string[];
  enforcement: string;
  network: { posture: string; allow?: readonly string[] };
  protectedPaths: readonly string[];
  repositoryGuidance: string | null;
}

function refSubstitute(template: string, bindings: Map<string, string>): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    if (template[i] === '{') {
      let j = i + 1;
      while (j < template.length && /[a-z0-9_]/.test(template[j]!)) j++;
      if (j > i + 1 && template[j] === '}') {
        out += bindings.get(template.slice(i + 1, j)) ?? '';
        i = j + 1;
        continue;
      }
    }
    out += template[i];
    i++;
  }
  return out;
}

function refCap(text: string, budget: number): [string, boolean] {
  const kept: string[] = [];
  let remaining = budget;
  for (const line of text.split('\n')) {
    const cost = Buffer.byteLength(line, 'utf8') + 1;
    if (cost > remaining) return [kept.join('\n'), true];
    remaining -= cost;
    kept.push(line);
  }
  return [kept.join('\n'), false];
}

function refTidy(text: string): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const t = refTrimEnd(line);
    if (t === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(t);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}

/** A.4 and A.5 for either profile, written out longhand. */
export function refRender(pack: RefPack, env: RefEnvironment, profile: 'loom-9' | 'loom-1'): string {
  const legacy = profile === 'loom-1';
  const body = (name: string) => pack.sections.find((s) => s.name === name)?.body;
  let guidance = '';
  if (env.repositoryGuidance !== null) {
    guidance = env.repositoryGuidance;
    if (legacy) {
      const [kept, cut] = refCap(guidance, 16384);
      guidance = cut ? `${kept}\n\n${body('_repository_guidance_truncated') ?? ''}` : kept;
    }
  }
  const literal = new Map<string, string>([
    ['workspace', env.workspace],
    ['platform', env.platform],
    ['shell', env.shell],
    ['tools', env.tools.join(', ')],
    ['protected_paths', env.protectedPaths.join(', ')],
    ['network_allow', env.network.posture === 'proxied' ? (env.network.allow ?? []).join(', ') : ''],
    ['repository_guidance_text', guidance],
  ]);
  // Upstream's `snippet_list`: each snippet a `- ` bullet, one per line.
  if (!legacy) literal.set('available_tools_list', env.availableTools.map((t) => `- ${t}`).join('\n'));
  const fragment = (name: string | undefined) => {
    const b = name === undefined ? undefined : body(name);
    return b === undefined ? '' : refSubstitute(b, literal);
  };
  const enforcement: Record<string, string> = {
    FullyEnforced: '_enforcement_enforced',
    DegradedRefusing: '_enforcement_degraded',
    BestEffort: '_enforcement_best_effort',
  };
  if (!legacy) enforcement['PlatformEnforced'] = '_enforcement_platform';
  const all = new Map(literal);
  all.set('enforcement', fragment(enforcement[env.enforcement]));
  all.set('network', fragment(`_network_${env.network.posture}`));
  all.set('protected', env.protectedPaths.length === 0 ? '' : fragment('_protected_paths'));
  all.set('repository_guidance', env.repositoryGuidance === null ? '' : fragment('_repository_guidance'));
  if (!legacy) all.set('available_tools', env.availableTools.length === 0 ? '' : fragment('_available_tools'));
  const rendered = pack.sections
    .filter((s) => !s.name.startsWith('_'))
    .map((s) => refTrim(refSubstitute(s.body, all)))
    .filter((s) => s !== '');
  return refTidy(rendered.join('\n\n'));
}

/** FNV-1a 64 over bytes, in BigInt. */
export function refFnv(bytes: Uint8Array): string {
  let h = 14695981039346656037n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 1099511628211n) % 2n ** 64n;
  return h.toString(16).padStart(16, '0');
}
