// The file limits (src-shared/fileLimits.ts) applied to the server's
// documents. Size and binary are asked of the document itself, by its
// length and its first 8 KB, so a file over the limit is never joined or
// parsed to be refused. The structure count needs the whole text, which a
// validation of a 50 MB file would otherwise pay on every keystroke: it is
// counted when a document opens and again once its length has moved by
// more than `recountAfter` since the last count (a paste, a reload), and
// kept in between. Every path that would build a model asks first.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import { binaryProbeLength, type FileFormat, looksBinary, type Refusal, sizeRefusal, structureRefusal, surelyTooLarge } from '../../src-shared/fileLimits';
import { utf8Length } from '../../src-shared/pack/digest';
import { languageIds } from '../../src-shared/protocol';
import type { Settings } from '../../src-shared/settings';

/** How far a document's length may move before its structure is counted again. */
const recountAfter = 256 * 1024;

export class FileLimits {
  /** Per document, what the whole text said when last counted: its structure, and its UTF-8 bytes once they were needed. */
  private readonly counted = new Map<string, { readonly length: number; readonly languageId: string; readonly structure: Refusal | undefined; bytes?: number }>();

  refusal(document: TextDocument, settings: Pick<Settings, 'maxFileSizeMB'>): Refusal | undefined {
    const length = document.offsetAt({ line: document.lineCount, character: 0 });
    const head = document.getText({ start: { line: 0, character: 0 }, end: document.positionAt(Math.min(binaryProbeLength, length)) });
    // Binary, or longer than the limit whatever its bytes: known without the whole text.
    if (looksBinary(head)) return { kind: 'binary' };
    if (surelyTooLarge(length, settings.maxFileSizeMB)) return { kind: 'tooLarge', limitMB: settings.maxFileSizeMB };
    let counted = this.counted.get(document.uri);
    if (!counted || counted.languageId !== document.languageId || Math.abs(counted.length - length) > recountAfter) {
      counted = { length, languageId: document.languageId, structure: structureRefusal(document.getText(), formatOf(document)) };
      this.counted.set(document.uri, counted);
    }
    const known = counted;
    return sizeRefusal({ length, head: () => head, whole: () => document.getText() }, settings.maxFileSizeMB, () => (known.bytes ??= utf8Length(document.getText()))) ?? known.structure;
  }

  forget(uri: string): void {
    this.counted.delete(uri);
  }
}

export function formatOf(document: TextDocument): FileFormat {
  return document.languageId === languageIds.pack ? 'pack' : 'prompts';
}
