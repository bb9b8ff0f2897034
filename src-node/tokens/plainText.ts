// How both encodings are called: text that spells a special token
// (`<|endoftext|>`) is ordinary text in a system prompt, counted as such,
// never refused and never one control token.

export const plainText = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
