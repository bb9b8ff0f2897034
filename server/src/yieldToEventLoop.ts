// Gives the event loop back for one turn, so requests queued meanwhile are
// answered: Node's setImmediate, or in a web worker, which has none, a
// message posted to itself on a channel of its own. A zero timeout there
// waits at least 4 ms once timeouts nest five deep (the HTML standard's
// clamp), and a validation's slices nest every one in the last: the 60 MB
// open's 300 slices of 10 ms would have waited 1.2 s more, 40% of the open.
// A zero timeout is left for a host with neither.

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else if (typeof MessageChannel === 'function') postToSelf(resolve);
    else setTimeout(resolve, 0);
  });
}

/** Calls `then` from a task of its own: a channel's message, the channel closed once it came (an open port would keep a Node process alive). */
function postToSelf(then: () => void): void {
  const { port1, port2 } = new MessageChannel();
  // The DOM's port: its handler is a property (the server's types are Node's, whose port is an emitter).
  (port1 as unknown as { onmessage: () => void }).onmessage = () => {
    port1.close();
    then();
  };
  port2.postMessage(undefined);
}
