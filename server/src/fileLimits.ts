// The file limits (src-shared/fileLimits.ts) applied to the server's
// documents, in the core's order: size and binary first, asked of the
// document by its length and its first 8 KB, so a file over the limit is
// never joined or parsed to be refused; then the structure count. That
// count, and the UTF-8 bytes near the limit, need the whole text, which a
// validation of a 50 MB file would otherwise pay on every keystroke: they
// are taken once a document needs them and taken again once its length has
// moved by more than `recountAfter` since (a paste, a reload), and kept in
// between. Every path that would build a model asks first.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type FileFormat, type Refusal, sizeRefusalInSteps, structureRefusalInSteps, type TextFacts } from '../../src-shared/fileLimits';
import { finish, type Steps } from '../../src-shared/steps';
import { utf8LengthInSteps } from '../../src-shared/text/utf8';
import { textHead, textLengthOf } from './chunkedTextDocument';
import { languageIds } from '../../src-shared/protocol/common';
import type { Settings } from '../../src-shared/settings';

/** How far a document's length may move before its whole text is measured again. */
const recountAfter = 256 * 1024;

/** What the whole text of a document said, at one length: each figure once it was needed. */
interface Measured {
  readonly length: number;
  readonly languageId: string;
  bytes?: number;
  structure?: { readonly refusal: Refusal | undefined };
}

export class FileLimits {
  private readonly measured = new Map<string, Measured>();

  refusal(document: TextDocument, settings: Pick<Settings, 'maxFileSizeMB'>): Refusal | undefined {
    return finish(this.refusalInSteps(document, settings));
  }

  /** `refusal` in steps: counting a large document's bytes or structure the first time yields, so other requests are answered meanwhile. */
  *refusalInSteps(document: TextDocument, settings: Pick<Settings, 'maxFileSizeMB'>): Steps<Refusal | undefined> {
    // By offsets: a line table of the whole text would be built in one piece here, before any slice (about 300 ms for a 30 MB pack).
    const length = textLengthOf(document);
    const text: TextFacts = {
      length,
      head: (n) => textHead(document, Math.min(n, length)),
      whole: () => document.getText(),
    };
    const known = this.measuredAt(document, length);
    const size = yield* sizeRefusalInSteps(text, settings.maxFileSizeMB, function* () {
      return (known.bytes ??= yield* utf8LengthInSteps(text.whole()));
    });
    if (size) return size;
    known.structure ??= { refusal: yield* structureRefusalInSteps(text.whole(), formatOf(document)) };
    return known.structure.refusal;
  }

  forget(uri: string): void {
    this.measured.delete(uri);
  }

  private measuredAt(document: TextDocument, length: number): Measured {
    let known = this.measured.get(document.uri);
    if (!known || known.languageId !== document.languageId || Math.abs(known.length - length) > recountAfter) {
      known = { length, languageId: document.languageId };
      this.measured.set(document.uri, known);
    }
    return known;
  }
}

export function formatOf(document: TextDocument): FileFormat {
  return document.languageId === languageIds.pack ? 'pack' : 'prompts';
}
