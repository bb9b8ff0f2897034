#!/bin/sh
# The pre-commit framework's hook (.pre-commit-hooks.yaml, `language: script`):
# runs the command line of this repository on the files pre-commit passes.
# The hook repository is a plain clone, so the first run installs the build
# tools and builds dist/ there (a minute or so, on stderr); later runs go
# straight to the check. Needs Node.js 20 or later and npm on PATH.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$here/dist/cli.js" ]; then
  echo "packs-and-prompts: building the command line in $here (first run only)" >&2
  (cd "$here" && npm ci --no-audit --no-fund >&2 && node scripts/build.mjs >&2)
fi
exec node "$here/dist/cli.js" "$@"
