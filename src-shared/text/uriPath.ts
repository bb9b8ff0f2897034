// The parts of a URI's path (always `/`-separated, whatever the platform),
// without Node's `path`: the client runs in the browser too.

/** The last segment of a `/`-separated path: `a/b/c.pack` → `c.pack`. */
export function baseName(uriPath: string): string {
  return uriPath.slice(uriPath.lastIndexOf('/') + 1);
}

/** Everything before the last segment: `refs/heads/main` → `refs/heads`, `HEAD` → ``. */
export function dirName(uriPath: string): string {
  const slash = uriPath.lastIndexOf('/');
  return slash < 0 ? '' : uriPath.slice(0, slash);
}
