// Invalid UTF-8 in an open document. The editor gets text its host already
// decoded, each invalid subpart as U+FFFD, and saving writes U+FFFD in
// place of the bytes the file held: data lost without a word. So when a
// document opens holding U+FFFD, its bytes are read (from disk, where the
// host has one) and, if they decode to exactly that text, each invalid
// subpart is an error on its U+FFFD, as the command line reports it
// (src-shared/encodingFindings.ts). After an edit the offsets are no longer
// known: one warning at the top says how many the file held, until it is
// saved (the bytes are read again) or closed.

import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../../src-shared/finding';
import { findingsOfInvalid, invalidUtf8Codes } from '../../src-shared/encodingFindings';
import type { FileFormat } from '../../src-shared/fileLimits';
import { invalidUtf8 } from '../../src-shared/text/invalidUtf8';
import { formatOf } from './fileLimits';

/** The bytes of the file behind a document URI, or undefined where there is none to read. */
export type ReadFileBytes = (uri: string) => Promise<Uint8Array | undefined>;

/** What the editor does with the bytes, after each message. */
const onSave = '; the editor shows it as U+FFFD, and saving writes U+FFFD in its place';

interface Known {
  /** The version the findings are exact for. */
  readonly version: number;
  readonly findings: readonly Finding[];
  /** Where the first invalid sequence starts in the file, for the warning after an edit. */
  readonly firstByte?: number;
}

export interface EncodingSupport {
  findings(document: TextDocument): Promise<readonly Finding[]>;
}

/** `revalidate` checks a document again: after a save its bytes are read anew. */
export function registerEncodingSupport(documents: TextDocuments<TextDocument>, readBytes: ReadFileBytes, revalidate: (uri: string) => void): EncodingSupport {
  const known = new Map<string, Promise<Known>>();
  documents.onDidClose((e) => known.delete(e.document.uri));
  documents.onDidSave((e) => {
    const entry = known.get(e.document.uri);
    known.delete(e.document.uri);
    void entry?.then((k) => k.findings.length > 0 && revalidate(e.document.uri));
  });

  return {
    async findings(document) {
      let entry = known.get(document.uri);
      if (!entry) {
        entry = read(document, readBytes);
        known.set(document.uri, entry);
      }
      const { version, findings, firstByte } = await entry;
      if (version === document.version) return findings;
      return firstByte === undefined ? [] : [afterEdit(findings.length, firstByte, formatOf(document))];
    },
  };
}

async function read(document: TextDocument, readBytes: ReadFileBytes): Promise<Known> {
  const version = document.version;
  const text = document.getText();
  if (!text.includes('\uFFFD')) return { version, findings: [] };
  const bytes = await readBytes(document.uri).catch(() => undefined);
  if (!bytes) return { version, findings: [] };
  // The editor's text leaves out a byte order mark.
  const skip = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf && !text.startsWith('\uFEFF') ? 3 : 0;
  if (new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(skip)) !== text) return { version, findings: [] };
  const invalid = invalidUtf8(bytes.subarray(skip));
  const findings = findingsOfInvalid(invalid, text, formatOf(document), skip, onSave);
  return { version, findings, ...(invalid.length > 0 && { firstByte: invalid[0]!.byteOffset + skip }) };
}

/** After an edit the places are no longer known: how many the file held, and where the first is in its bytes. */
function afterEdit(n: number, firstByte: number, format: FileFormat): Finding {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: 'warning',
    code: invalidUtf8Codes[format],
    message: `the file on disk holds ${n === 1 ? 'an invalid UTF-8 sequence' : `${n} invalid UTF-8 sequences`} (the first at byte ${firstByte})${onSave}`,
  };
}
