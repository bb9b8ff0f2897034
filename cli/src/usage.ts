// The usage message: commands, options, exit codes, and the built-in environment presets.

import { structureLimits } from '../../src-shared/fileLimits';
import { environmentPresets } from '../../src-shared/pack/presets';
import { profileNames } from '../../src-shared/pack/profiles';
import { defaultTokenizer, tokenizerNames } from '../../src-shared/pack/tokens/tokenizers';
import { tokenizerVariable } from './tokens';

const count = (n: number) => n.toLocaleString('en-US');

export function usage(): string {
  const presets = environmentPresets.map((p) => `  ${p.id.padEnd(26)} ${p.name}`).join('\n');
  return `Usage:
  packs-and-prompts check [--json] [--profile NAME|FILE] [--strict-unknown] [--strict-edits]
                         [--strict-secrets] [--strict-renders] [--strict] [--max-render-bytes N]
                         [--max-render-tokens N] [--min-cached-tokens N] [--tokenizer NAME]
                         [--max-file-size-mb N] [--max-tables N] [--max-pack-pieces N] [--ci] [--allow-empty]
                         [--skip-others] [--base REV] [--] PATH...
  packs-and-prompts render PACK [--env FILE.packenv.json | --preset NAME] [--json] [--profile NAME|FILE]
                          [--tokenizer NAME] [--base REV]
  packs-and-prompts review --published [--format markdown] FILE.prompts
  packs-and-prompts --help | --version

check   Checks prompt packs (*.pack, or any file whose first line starts
        \`%% loom-prompt-pack\`) and spec .prompts captures against every
        rule of their format. Directories are walked (extensions in any
        case; links to folders inside them followed once, a link out of
        them an error), skipping .git, and node_modules outside a prompts/
        folder. Prints \`file:line:col: severity code: message\` per finding,
        or with --json an array of {file, range, severity, code, message}
        (0-based LSP positions). Exit 1 when any error was found.
        --strict-unknown makes unknown tool names in .prompts files errors.
        In a git repository, .prompts files are also judged against HEAD
        (--base REV: a branch, tag or commit, or A...B for their merge base;
        CI's checkout is HEAD, so CI names the target branch):
        hand edits without an [[edits]] entry are warnings (--strict-edits
        makes them errors), and a changed session id, an altered or removed
        [[edits]] entry or a removed author_email are errors.
        Packs are rendered for every preset and every *.packenv.json found
        in the walked directories or the pack's repository: in a git
        repository, a render that differs from the base's while \`%% version\`
        is unchanged is a warning; so is a render larger than
        --max-render-bytes N (UTF-8 bytes; 0: no budget), or than
        --max-render-tokens N (tokens of --tokenizer's count), and, in a git
        repository, a change that leaves fewer than --min-cached-tokens N
        tokens of the render in the provider's prompt cache (fewer than
        the base's render had). --strict-renders makes them all errors, so CI
        can refuse an unversioned prompt change or a broken cache.
        --strict-secrets makes secrets errors; --strict makes every warning
        an error and implies the other strict flags.
        A file is checked or the run fails (exit 2): one larger than
        --max-file-size-mb N (default 50), or holding more than --max-tables N
        top-level tables (.prompts, default ${count(structureLimits.prompts.limit)}) or --max-pack-pieces N
        directives and placeholders (packs, default ${count(structureLimits.pack.limit)}), is not checked,
        and neither is a file --strict-edits or --strict-renders must judge
        against the base when git is missing, refuses the repository or
        fails, when the base is no commit git has (fetch it), or when the
        base's version does not parse. GIT_DIR and GIT_WORK_TREE name the
        repository, if set.
        So does a directory holding nothing to check (--allow-empty accepts
        that). Each says why on stderr. Invalid UTF-8 and control characters are
        errors where they are; a file that is not text is an error. Only
        regular files are read. \`--\` ends the options.
        A directory is also checked as a spec bundle (its spec.yaml's
        folder, else the directory): across the files under prompts/, a
        session id in two files unless one is the stamped merged copy of
        the other (error), a merged copy edited since (warning), a
        forked_from naming no session, a branch file not named by its
        branch's slug, some but not all of merged_from/merged_at/
        approved_by (warnings), a .md file under prompts/ (error), and a
        note per file in prompts/curated/_pending/, which --ci makes an
        error, as the upstream review gate refuses it. A file named alone
        under a prompts/ folder is judged in that bundle too.
        --skip-others skips a named file that is none of these (no pack by
        name or first line, no capture, profile or bundle member) instead
        of failing on it, so a hook can pass every staged file (one whose
        first bytes cannot be read is not skipped).
render  Prints the prompt PACK renders to, exactly (no added newline), for an
        environment file or a preset (default: ${environmentPresets[0]!.id}).
        --json prints {render, bytes, digest, renderDigest, tokens, baseline,
        assess}: tokens {tokenizer, exact, count, sections}; baseline, in a git
        repository, the tokens shared with the render of the pack as
        committed at --base REV (default HEAD, as for check) and what the
        provider's cache keeps of them (else why not).
        A pack that does not decode prints the corruption on stderr, exit 1.

review  Prints what a public feed would show of a .prompts FILE, as
        Markdown (--format markdown, the only format): its public sessions
        only, every secret masked, no email address anywhere. The same text
        as the editor's "Export as Published Markdown". Exit 1 when the file
        does not parse at all.

--profile  The Loom release packs are judged against when they do not name
           their own (\`%% # profile: NAME\`): a built-in (${profileNames.join(', ')};
           default loom-9), a *.loomprofile.json file, or the name of one
           found in the walked directories. check also reports every
           *.loomprofile.json it is given or finds, each error at its line.

--tokenizer  What tokens are counted with: ${tokenizerNames.join(', ')} (default ${defaultTokenizer},
             or the environment variable ${tokenizerVariable}). The OpenAI encodings
             count exactly; claude-estimate is an estimate (characters / 4.4),
             since Anthropic publishes no tokenizer for its current models.

Exit codes: 0 no errors (warnings allowed), 1 errors found (or the pack is
corrupt), 2 a usage or I/O error, or a file that was not checked.

Environment presets (--preset NAME):
${presets}
`;
}
