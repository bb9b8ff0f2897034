// A string that shares no storage with the text it was cut from. V8 keeps a
// slice of 13 or more characters as a view into its whole source (a sliced
// string), so one session id kept from a 0.5 MB file kept all of the file:
// the bundle index held every file of a 545 MB bundle that way (about
// 1 GB, two bytes a character). Slicing one character off a string joined
// with it makes V8 first flatten the pair into a new string of its own, and
// the result is a view into that copy only.

/** `s`, as a copy that keeps no larger string alive (short strings are copies already). */
export function detached(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}
