// The file name a branch's sessions live under (FORMATS.md B.7, layout
// v0.2): `prompts/<branch-slug>.prompts`, the slug being the branch name
// lowercased, each run of characters outside `[a-z0-9._-]` collapsed to one
// `-`, and leading and trailing `.` and `-` stripped.

export function branchSlug(branch: string): string {
  return branch
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
}

/** `prompts/<slug>.prompts`, or undefined when the branch name leaves no slug at all. */
export function branchFileName(branch: string): string | undefined {
  const slug = branchSlug(branch);
  return slug === '' ? undefined : `${slug}.prompts`;
}
