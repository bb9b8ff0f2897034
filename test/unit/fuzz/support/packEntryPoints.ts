// Every entry point of the pack core and the pack editor, run on one text:
// decode, decodeAll, encode of what decoded (and decoding it back), the
// placeholder scanners, render and renderDetailed for every preset under
// both profiles, assess, checkPack and the render discipline, then each
// provider the server offers (hover, completion, definition, references,
// symbols, folding, code lenses, code actions on its own diagnostics,
// render and summary) at the positions given. Shared by the fuzz tests
// and the replay of kept failures.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver/node';
import { checkDecoded, checkPack } from '../../../../src-shared/pack/check';
import { decode, decodeAll } from '../../../../src-shared/pack/decode';
import { digest } from '../../../../src-shared/pack/digest';
import { encode } from '../../../../src-shared/pack/encode';
import { contentOf } from '../../../../src-shared/pack/model';
import { placeholderNames, placeholderOccurrences, placeholders } from '../../../../src-shared/pack/placeholders';
import { environmentPresets } from '../../../../src-shared/pack/presets';
import { assess, problems } from '../../../../src-shared/pack/problems';
import { profileNames, profileOf } from '../../../../src-shared/pack/profiles';
import { render, renderDetailed } from '../../../../src-shared/pack/render';
import { checkRenderDiscipline, presetEnvironments } from '../../../../src-shared/pack/renderDiscipline';
import { bumpVersion } from '../../../../src-shared/pack/versionBump';
import { defaultSettings, type Settings } from '../../../../src-shared/settings';
import { PackEnvironments } from '../../../../server/src/pack/environments';
import { provideRender, provideSummary } from '../../../../server/src/pack/render';
import { PackProfiles } from '../../../../server/src/pack/profiles';
import { createPackService } from '../../../../server/src/pack/service';
import { containsPosition } from '../../../../src-shared/text/range';
import { Bounds } from './inside';

const service = createPackService(new PackEnvironments(), new PackProfiles());

export function settingsFor(profile: string): Settings {
  return { ...defaultSettings, pack: { ...defaultSettings.pack, profile: profile as Settings['pack']['profile'], maxRenderBytes: 64 } };
}

/** The pure core on one text. */
/** The pack core on one text, under `only` one profile or every built-in (each is a table of its own to get wrong). */
export function exercisePackCore(text: string, only?: string): void {
  const bounds = new Bounds(text);
  const all = decodeAll(text);
  const one = decode(text);
  assert.equal(one.ok, all.corruptions.length === 0, 'decode and decodeAll agree on whether the text decodes');
  digest(text);
  placeholders(text);
  placeholderNames(text);
  for (const profile of only === undefined ? profileNames : [only]) {
    const findings = checkPack(text, { ...defaultSettings.pack, profile });
    bounds.findings(findings, `checkPack(${profile})`);
    for (const o of placeholderOccurrences(text, profile)) bounds.range(o.range, 'placeholder occurrence');
    problems(all.pack, profile);
    assess(all.pack, profile);
    for (const preset of environmentPresets) {
      render(all.pack, preset.environment, profile);
      const detail = renderDetailed(all.pack, preset.environment, profile);
      for (const s of detail.spans) assert.ok(s.start <= s.end && s.end <= detail.text.length, 'render spans lie in the render');
    }
    if (one.ok) {
      bounds.findings(checkRenderDiscipline({ current: one.pack, baseline: one.pack, environments: presetEnvironments, profile: profileOf(profile), settings: { severity: {}, maxRenderBytes: 10 } }), 'render discipline');
    }
  }
  if (one.ok) {
    // The writer's inverse: what decoded encodes to a text that decodes to the same pack, and encoding is idempotent.
    const encoded = encode(one.pack);
    const again = decode(encoded);
    assert.ok(again.ok, 'an encoded pack decodes');
    assert.deepEqual(contentOf(again.pack), contentOf(one.pack));
    assert.equal(encode(again.pack), encoded);
    bumpVersion(one.pack.version);
  }
}

/** The server's pack features on one document version, at `positions`. */
export function exercisePackProviders(text: string, seeds: readonly number[], only?: string): void {
  const bounds = new Bounds(text);
  for (const profile of only === undefined ? profileNames : [only]) {
    const document = TextDocument.create('file:///fuzz/agent.pack', 'loom-pack', 1, text);
    const model = service.parse(text);
    const settings = settingsFor(profile);
    const ctx = { document, model, settings };
    const findings = checkDecoded(model.all, settings.pack);
    bounds.findings(service.check(model, settings, document.uri), 'pack check');
    const diagnostics: Diagnostic[] = findings.map((f) => ({ range: f.range, message: f.message, code: f.code, source: 'packs-and-prompts', ...(f.data !== undefined && { data: f.data }) }));
    for (const s of service.documentSymbols!(ctx)) bounds.range(s.range, 'document symbol');
    for (const f of service.foldingRanges!(ctx)) assert.ok(f.startLine <= f.endLine, 'folding range in order');
    for (const l of service.codeLenses!(ctx)) bounds.range(l.range, 'code lens');
    provideRender(service.context(ctx));
    provideSummary(service.context(ctx));
    for (const position of bounds.positions(seeds)) {
      const hover = service.hover!(ctx, position);
      if (hover?.range) bounds.range(hover.range, 'hover');
      service.completion!(ctx, position);
      for (const l of service.definition!(ctx, position)) bounds.range(l.range, 'definition');
      for (const l of service.references!(ctx, position, true)) bounds.range(l.range, 'reference');
      // As an editor asks: the diagnostics at the cursor.
      bounds.actions(service.codeActions!(ctx, { start: position, end: position }, diagnostics.filter((d) => containsPosition(d.range, position))));
    }
    // As "fix all" asks: every diagnostic at once.
    bounds.actions(service.codeActions!(ctx, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, diagnostics));
    for (const position of bounds.outsidePositions(seeds)) {
      service.hover!(ctx, position);
      service.completion!(ctx, position);
      service.definition!(ctx, position);
      service.references!(ctx, position, false);
    }
  }
}
