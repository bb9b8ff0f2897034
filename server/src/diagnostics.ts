// Validation scheduling: each document is checked shortly after its last
// change, and a result is published only if the document is still at the
// version it was computed for. A long validation (a whole parse of a large
// file) never blocks the server: it runs in slices of a few milliseconds
// and gives the event loop back between them, so other requests are
// answered meanwhile; a newer edit cancels it at the next slice (the model
// parse it had begun is kept and carried on by the next validation).

import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, Severity } from '../../src-shared/finding';
import type { ValidationStats, ValidationStatsResult } from '../../src-shared/protocol/common';
import type { Settings } from '../../src-shared/settings';
import { capFindings, refusalFinding } from '../../src-shared/fileLimits';
import { redactDeep, redactSecrets } from '../../src-shared/prompts/rules/redactText';
import { ChunkedTextDocument } from './chunkedTextDocument';
import { type FileLimits, formatOf } from './fileLimits';
import type { AnyLanguageService } from './languageService';
import type { ModelCache } from './models';
import type { ValidationHold } from './testHooks';
import { yieldToEventLoop } from './yieldToEventLoop';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** A finding as the editor shows it; its messages and data never repeat a secret (a message may quote a value). */
export function toDiagnostic(f: Finding, uri: string): Diagnostic {
  return {
    range: f.range,
    severity: severities[f.severity],
    code: f.code,
    source: 'packs-and-prompts',
    message: redactSecrets(f.message),
    ...(f.related && { relatedInformation: f.related.map((r) => ({ location: { uri: r.file ?? uri, range: r.range }, message: redactSecrets(r.message) })) }),
    // Data may carry a name from the file (an unknown key): a secret used as a key name must not ride along.
    ...(f.data !== undefined && { data: redactDeep(f.data) }),
  };
}

export interface DiagnosticsOptions {
  readonly debounceMs: number;
  readonly models: ModelCache;
  readonly settingsFor: (uri: string) => Promise<Settings>;
  readonly onError: (message: string) => void;
  /** Which documents are too large, binary or too complex to check. */
  readonly limits: FileLimits;
  /** The longest stretch of validation work between two turns of the event loop. */
  readonly sliceMs?: number;
  /** Tests only (testHooks.ts): ends a document's slice early and holds the validation there until released. */
  readonly hold?: ValidationHold;
  /** Findings that need more than the text (hand edits and packs against HEAD need the committed version from git). */
  readonly extraFindings?: (document: TextDocument, model: unknown) => Promise<readonly Finding[]>;
}

export interface DiagnosticsSupport {
  revalidateAll(): void;
  /** Checks these open documents again (something they are checked against changed). */
  revalidate(uris: readonly string[]): void;
  /** Validations under way. */
  validating(): ValidationStatsResult['validating'];
  /** How the last published validation of each open document went. */
  stats(): Record<string, ValidationStats>;
}

/** A validation under way; a newer change or a close cancels it. */
interface Job {
  readonly version: number;
  cancelled: boolean;
  /** Times it has given the event loop back so far. */
  yields: number;
}

export function registerDiagnosticsSupport(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  options: DiagnosticsOptions,
): DiagnosticsSupport {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const jobs = new Map<string, Job>();
  const stats = new Map<string, ValidationStats>();
  /** Opened documents whose first validation is already scheduled (opening also fires a content change). */
  const justOpened = new Set<string>();
  const sliceMs = options.sliceMs ?? 10;

  async function validate(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    const job: Job = { version, cancelled: false, yields: 0 };
    cancel(uri);
    jobs.set(uri, job);
    const began = performance.now();
    const stale = (): boolean => job.cancelled || documents.get(uri)?.version !== version;
    try {
      const settings = await options.settingsFor(uri);
      const service = options.models.service(doc);
      if (!service || stale()) return;
      const limits = await inSlices(uri, options.limits.refusalInSteps(doc, settings), job, stale);
      if (!limits) return;
      const refusal = limits.value;
      if (refusal) {
        // Too large or binary: one finding says why, and nothing is parsed (the model of an earlier version is dropped).
        options.models.evict(uri);
        await connection.sendDiagnostics({ uri, version, diagnostics: [toDiagnostic(refusalFinding(refusal, formatOf(doc)), uri)] });
        return;
      }
      const run = await inSlices(uri, validation(doc, service, settings), job, stale);
      if (!run) return;
      const { model, findings } = run.value;
      const extra = options.extraFindings ? await options.extraFindings(doc, model) : [];
      if (stale()) return;
      const publishing = performance.now();
      const diagnostics = capFindings([...findings, ...extra], formatOf(doc)).map((f) => toDiagnostic(f, uri));
      await connection.sendDiagnostics({ uri, version, diagnostics });
      const sent = performance.now();
      stats.set(uri, timings(uri, doc, { limitsMs: limits.busyMs, busyMs: run.busyMs, publishMs: sent - publishing, wallMs: sent - began }, job.yields));
    } catch (e) {
      options.onError(`validation of ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } finally {
      if (jobs.get(uri) === job) jobs.delete(uri);
    }
  }

  function* validation(doc: TextDocument, service: AnyLanguageService, settings: Settings): Generator<void, { model: unknown; findings: Finding[] }, void> {
    const model = yield* options.models.modelInSteps(doc, settings);
    const incremental = options.models.incrementalFor(doc);
    if (incremental) yield* incremental.prepareCheck(model, settings);
    // The line table every position needs, built here in slices (once per text: an edit keeps it up to date) rather than in one piece by the first request after the open (200 ms for 60 MB).
    if (doc instanceof ChunkedTextDocument) yield* doc.indexLinesInSteps();
    return { model, findings: service.checkInSteps ? yield* service.checkInSteps(model, settings, doc.uri) : service.check(model, settings, doc.uri) };
  }

  /** Runs `steps` in slices of `sliceMs`, yielding to the event loop between them; undefined when it went stale. */
  async function inSlices<R>(uri: string, steps: Generator<void, R, void>, job: Job, stale: () => boolean): Promise<{ value: R; busyMs: number } | undefined> {
    const hold = options.hold;
    let busyMs = 0;
    for (;;) {
      const sliceStart = performance.now();
      let step = steps.next();
      while (!step.done && performance.now() - sliceStart < sliceMs && !hold?.wanted(uri)) step = steps.next();
      busyMs += performance.now() - sliceStart;
      if (step.done) return { value: step.value, busyMs };
      job.yields++;
      if (hold?.wanted(uri)) await hold.at(uri, { version: job.version, yields: job.yields });
      else await yieldToEventLoop();
      if (stale()) return undefined;
    }
  }

  /** The validation's figures: `busyMs` the model and the check, the slices' own time; `limitsMs` those of the file limits before them. */
  function timings(uri: string, doc: TextDocument, spent: { limitsMs: number; busyMs: number; publishMs: number; wallMs: number }, yields: number): ValidationStats {
    const model = options.models.statsOf(uri);
    const fresh = model?.version === doc.version;
    const modelMs = fresh ? model.ms : 0;
    const chunked = doc instanceof ChunkedTextDocument ? doc : undefined;
    const updateMs = chunked?.lastUpdateMs ?? 0;
    const { limitsMs, busyMs, publishMs, wallMs } = spent;
    return {
      version: doc.version,
      model: fresh ? model.mode : 'incremental',
      updateMs,
      limitsMs,
      modelMs,
      checkMs: Math.max(0, busyMs - modelMs),
      publishMs,
      serverMs: updateMs + limitsMs + busyMs + publishMs,
      wallMs,
      latencyMs: chunked ? performance.now() - chunked.changedAt : wallMs,
      yields,
    };
  }

  function cancel(uri: string): void {
    const job = jobs.get(uri);
    if (job) job.cancelled = true;
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

  documents.onDidOpen((e) => {
    justOpened.add(e.document.uri);
    schedule(e.document.uri, 0);
  });
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    if (justOpened.delete(uri)) return;
    cancel(uri);
    schedule(uri, options.debounceMs);
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    cancel(uri);
    stats.delete(uri);
    options.models.evict(uri);
    options.limits.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  return {
    revalidateAll() {
      for (const doc of documents.all()) schedule(doc.uri, 0);
    },
    revalidate(uris) {
      for (const uri of uris) if (documents.get(uri)) schedule(uri, 0);
    },
    validating: () => [...jobs].map(([uri, job]) => ({ uri, version: job.version, yields: job.yields })),
    stats: () => Object.fromEntries(stats),
  };
}
