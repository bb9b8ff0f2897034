// The command line: the same verdicts as the editor, for scripts and CI.
process.stdout.write('packs-and-prompts\n');
