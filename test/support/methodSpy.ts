// Counting work by watching a method: runs a function with one method of an
// object (a prototype) wrapped, then puts the original back, so a test can
// count what a pass asks of it (characters searched, indexes built)
// instead of timing it.

/** A method as `around` receives it: call it with the receiver and arguments it was called with. */
export type Original = (this: unknown, ...args: unknown[]) => unknown;

/** Runs `work` while calls to `object[name]` go through `around(original, receiver, args)`. */
export function withMethodWrapped(object: object, name: string, around: (original: Original, receiver: unknown, args: unknown[]) => unknown, work: () => void): void {
  const descriptor = Object.getOwnPropertyDescriptor(object, name)!;
  const original = descriptor.value as Original;
  Object.defineProperty(object, name, {
    ...descriptor,
    value(this: unknown, ...args: unknown[]) {
      return around(original, this, args);
    },
  });
  try {
    work();
  } finally {
    Object.defineProperty(object, name, descriptor);
  }
}
