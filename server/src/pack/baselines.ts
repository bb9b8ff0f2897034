// The packs as committed at HEAD, and the renders compared with them. The
// text comes from the git reader hand edits use (same rules: no shell,
// fixed arguments, bounded, nothing while untrusted; kept until HEAD
// moves). Decoded packs and their renders are kept per blob id, so a
// keystroke re-renders only the current side, and a move of HEAD that
// leaves a pack alone renders nothing again. Current renders are kept per
// document version, so the diagnostics and the preview share them.

import { decode } from '../../../src-shared/pack/decode';
import type { Environment } from '../../../src-shared/pack/environment';
import { environmentToJson } from '../../../src-shared/pack/environmentFile';
import type { Pack } from '../../../src-shared/pack/model';
import type { Profile } from '../../../src-shared/pack/profiles';
import { render } from '../../../src-shared/pack/render';
import * as l10n from '@vscode/l10n';
import { describeOffReason } from '../../../src-shared/prompts/handEdits/status';
import type { HeadText, NoBaseline } from '../../../src-node/git/repository';

export type CommittedPack = { readonly kind: 'baseline'; readonly pack: Pack; readonly oid: string } | { readonly kind: 'off'; readonly reason: string };

/** HEAD's text of the file a uri names (`HandEditSupport.committedText`). */
export type CommittedText = (uri: string) => Promise<HeadText | NoBaseline>;

/** Decoded committed packs kept at once, and renders of them. */
const packCapacity = 16;
const renderCapacity = 256;

export class PackBaselines {
  private readonly decoded = new Map<string, Pack | undefined>();
  private readonly baselineRenders = new Map<string, string>();
  private readonly currentRenders = new Map<string, { readonly version: number; readonly renders: Map<string, string> }>();

  constructor(private readonly committedText: CommittedText) {}

  /** The pack as committed at HEAD, or why there is none, in words. */
  async committed(uri: string): Promise<CommittedPack> {
    const head = await this.committedText(uri);
    if (head.kind === 'off') return { kind: 'off', reason: describeOff(head) };
    if (!this.decoded.has(head.oid)) {
      const d = decode(head.text);
      remember(this.decoded, head.oid, d.ok ? d.pack : undefined, packCapacity);
    }
    const pack = this.decoded.get(head.oid);
    return pack ? { kind: 'baseline', pack, oid: head.oid } : { kind: 'off', reason: l10n.t("HEAD's version of the pack does not decode") };
  }

  baselineRender(committed: Extract<CommittedPack, { kind: 'baseline' }>, environment: Environment, profile: Profile): string {
    const key = `${committed.oid}\n${renderKey(environment, profile)}`;
    let text = this.baselineRenders.get(key);
    if (text === undefined) {
      text = render(committed.pack, environment, profile);
      remember(this.baselineRenders, key, text, renderCapacity);
    }
    return text;
  }

  currentRender(uri: string, version: number, pack: Pack, environment: Environment, profile: Profile): string {
    let entry = this.currentRenders.get(uri);
    if (!entry || entry.version !== version) {
      entry = { version, renders: new Map() };
      this.currentRenders.set(uri, entry);
    }
    const key = renderKey(environment, profile);
    let text = entry.renders.get(key);
    if (text === undefined) {
      text = render(pack, environment, profile);
      entry.renders.set(key, text);
    }
    return text;
  }

  /** The document closed: its renders go. */
  forget(uri: string): void {
    this.currentRenders.delete(uri);
  }
}

/** One line for the preview: why the render is not compared with HEAD's. */
export function describeOff(off: NoBaseline): string {
  const reason = off.reason === 'baselineUnparseable' ? l10n.t("HEAD's version of the pack does not decode") : describeOffReason(off.reason, l10n);
  return off.detail ? l10n.t('{0} ({1})', reason, off.detail) : reason;
}

// An environment file may change under the same id: its fields are the key.
// A workspace profile may change under the same name too: its tables are part of the key.
const profileKeys = new WeakMap<Profile, string>();

/** One key per (profile, environment): what a render depends on besides the pack. */
export function renderKey(environment: Environment, profile: Profile): string {
  let key = profileKeys.get(profile);
  if (key === undefined) profileKeys.set(profile, (key = JSON.stringify(profile)));
  return `${key}\n${JSON.stringify(environmentToJson(environment))}`;
}

function remember<V>(map: Map<string, V>, key: string, value: V, capacity: number): void {
  map.set(key, value);
  if (map.size > capacity) map.delete(map.keys().next().value!);
}
