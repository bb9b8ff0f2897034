// Validation scheduling: each document is checked shortly after its last
// change, and a result is published only if the document is still at the
// version it was computed for.

import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver/node';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, Severity } from '../../src-shared/finding';
import type { Settings } from '../../src-shared/settings';
import type { ModelCache } from './models';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toDiagnostic(f: Finding, uri: string): Diagnostic {
  return {
    range: f.range,
    severity: severities[f.severity],
    code: f.code,
    source: 'packs-and-prompts',
    message: f.message,
    ...(f.related && { relatedInformation: f.related.map((r) => ({ location: { uri, range: r.range }, message: r.message })) }),
    ...(f.data !== undefined && { data: f.data }),
  };
}

export interface DiagnosticsOptions {
  readonly debounceMs: number;
  readonly models: ModelCache;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly onError: (message: string) => void;
  /** Findings that need more than the text (hand edits need the committed version from git). */
  readonly extraFindings?: (document: TextDocument, model: unknown) => Promise<readonly Finding[]>;
}

export function registerDiagnosticsSupport(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  options: DiagnosticsOptions,
): { revalidateAll(): void } {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  async function validate(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    try {
      const settings = await options.settingsFor(uri);
      const service = options.models.service(doc);
      if (!service) return;
      const findings = service.check(options.models.model(doc), settings);
      if (options.extraFindings) findings.push(...(await options.extraFindings(doc, options.models.model(doc))));
      const current = documents.get(uri);
      if (!current || current.version !== version) return;
      await connection.sendDiagnostics({ uri, version, diagnostics: findings.map((f) => toDiagnostic(f, uri)) });
    } catch (e) {
      options.onError(`validation of ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }

  function schedule(uri: string, delay: number): void {
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        void validate(uri);
      }, delay),
    );
  }

  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => schedule(e.document.uri, options.debounceMs));
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    options.models.evict(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  return {
    revalidateAll() {
      for (const doc of documents.all()) schedule(doc.uri, 0);
    },
  };
}
