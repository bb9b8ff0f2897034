// What both languages' custom protocol shares: the settings section, the
// language ids, the translations the client hands the server, and the measurement request the benchmark and the scheduling
// tests send. Each language's own requests are in pack.ts and prompts.ts.

/** The configuration section the server asks the client for. */
export const settingsSection = 'packsAndPrompts';

/** Language ids contributed in package.json. */
export const languageIds = { pack: 'loom-pack', prompts: 'spec-prompts' } as const;

/**
 * The V8 options the desktop client starts the server's Node process with
 * (the benchmark and the protocol tests start it the same way). A young
 * generation of 1 MB instead of up to 16 MB, and a heap grown by a fifth
 * past what survived the last full collection instead of up to four times
 * it: opening a 6 MB `.prompts` file and typing a burst into it peaked at
 * about 21x the file above the idle process with V8's defaults, 10-13x
 * with these and the changes that came with them (`npm run bench`;
 * README, Performance); `serverEnv` took it lower. Still kept (issue 31's
 * round, 2 cores under a load of 5 to 9): a fresh 6 MB open with its outline
 * and folds peaked at 9.2-9.7x the file above idle with them, 11.9-12.7x
 * without; the 60 MB open's time moved by less than the load did (3.1-3.2 s
 * all four ways, each option alone and none). The web worker takes no V8
 * options: what it gains comes from allocating less.
 */
export const serverExecArgv: readonly string[] = ['--max-semi-space-size=1', '--heap-growing-percent=20'];

/**
 * Added to the server process's environment, beside `serverExecArgv`. glibc
 * raises its mmap and trim thresholds each time a large block is freed (up
 * to 32 and 64 MB), so after the first large message (a 6 MB file's
 * `didOpen`) the process kept every later message buffer and reply in the
 * heap it never gives back. These keep glibc's starting values (128 KB)
 * for good: a large block is mapped and unmapped on its own, and free
 * memory at the top of the heap is returned. Over the benchmark's 6 MB run
 * the peak above the idle process fell from 10.0-10.7x to 8.6-9.2x the
 * file (four runs each). Other C libraries (macOS, Windows, musl) ignore
 * them.
 */
export const serverEnv: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** One message of an l10n bundle (`l10n/bundle.l10n.<locale>.json`): its text, or its text with the translator's comments. */
export type L10nBundleMessage = string | { readonly message: string; readonly comment: readonly string[] };

/**
 * Part of the client's `initializationOptions`: the extension's translations
 * for VS Code's display language (`vscode.l10n.bundle`), absent in English.
 * The server reads them from here, not from a file, so the web worker
 * server (no file system) translates too.
 */
export interface L10nInitializationOptions {
  readonly l10nBundle?: Readonly<Record<string, L10nBundleMessage>>;
}

// ---------------------------------------------------------------------------
// Measurement.

/**
 * Client -> server request (sent by the benchmark and the scheduling tests,
 * not by the extension): how the last validation of each open document went,
 * which validations are under way, and the server's memory.
 */
export const validationStatsRequest = 'packs/validationStats';

/** One validation, as the server timed it; times in milliseconds. */
export interface ValidationStats {
  readonly version: number;
  /** The model was updated from the previous version's (`incremental`) or parsed whole (`full`). */
  readonly model: 'incremental' | 'full';
  /** Applying the last change notification to the document. */
  readonly updateMs: number;
  /** Asking the file limits whether the document is checked at all (its size, and its structure count once a length needs it). */
  readonly limitsMs: number;
  /** Updating or parsing the model (the steps only, not the pauses between them). */
  readonly modelMs: number;
  /** Checking the model into findings. */
  readonly checkMs: number;
  /** Turning findings into diagnostics and sending them. */
  readonly publishMs: number;
  /** The server's own work for this version: update, file limits, model, check and publish. */
  readonly serverMs: number;
  /** From the start of the validation to the diagnostics sent, pauses for other work included. */
  readonly wallMs: number;
  /** From the change (or open) that made this version to the diagnostics sent: the debounce, waits and work. */
  readonly latencyMs: number;
  /** How many times the validation gave the event loop back before it finished. */
  readonly yields: number;
}

export interface ValidationStatsResult {
  readonly pid: number;
  /** `process.memoryUsage()` of the server. */
  readonly memory: { readonly rss: number; readonly heapTotal: number; readonly heapUsed: number; readonly external: number; readonly arrayBuffers: number };
  /** Validations under way: the document, its version, and how many times the validation has given the event loop back so far. */
  readonly validating: readonly { readonly uri: string; readonly version: number; readonly yields: number }[];
  readonly documents: Readonly<Record<string, ValidationStats>>;
}
