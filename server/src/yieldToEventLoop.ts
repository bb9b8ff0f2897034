// Gives the event loop back for one turn, so requests queued meanwhile are
// answered: Node's setImmediate, or a zero timeout in a web worker, which
// has none.

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
