// How deep a `.prompts` text may nest before the readers stop following it.
// TOML has no limit, and every reader here (the scanner, the walkers over
// values and tables) is recursive, so a hostile file of ten thousand `[` or
// a header of ten thousand dotted keys would otherwise run the stack out.
// The deepest thing a capture holds is a todo inside a tool call's args
// (about ten levels); a block nested deeper than this is reported as not
// readable, and the scanner indexes it only this deep.

/** Arrays, inline tables and tables (dotted keys and header segments count one each) inside one another. */
export const maxNesting = 100;
