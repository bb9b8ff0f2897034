// What is missing or misspelt in a pack that decoded (A.6): problems, their
// severity, and assess's split. Decode accepts what these call corrupting;
// the harness (and the editor) decide what to do about it.

import { finish, type Steps } from '../steps';
import { isFragment, type PackContent } from './model';
import { placeholderNames } from './placeholders';
import { bindingNames, profileOf, type Profile, type ProfileName } from './profiles';

export type Problem =
  | { readonly kind: 'MissingSection'; readonly name: string }
  | { readonly kind: 'UnknownPlaceholder'; readonly section: string; readonly name: string };

/** Corrupting: the pack names something it does not carry. Shaping: it is smaller than canonical. */
export type ProblemSeverity = 'Corrupting' | 'Shaping';

export interface Assessment {
  readonly corrupting: readonly Problem[];
  readonly shaping: readonly Problem[];
}

/**
 * Missing canonical sections and required fragments (in the profile's
 * order), then the fragments required because a section uses their
 * placeholder, then each section's unknown placeholders (file order, first
 * appearance, fragments included).
 */
export function problems(pack: PackContent, profile: ProfileName | Profile = 'loom-9'): Problem[] {
  return finish(problemsInSteps(pack, profile));
}

/** `problems` yielding before each section's placeholders are read (each body is read once). */
export function* problemsInSteps(pack: PackContent, profile: ProfileName | Profile = 'loom-9'): Steps<Problem[]> {
  const p = profileOf(profile);
  const names: string[][] = [];
  for (const section of pack.sections) {
    yield;
    names.push(placeholderNames(section.body));
  }
  const present = new Set(pack.sections.map((s) => s.name));
  const found: Problem[] = [];
  const expected = new Set([...p.canonicalSections, ...p.requiredFragments, ...requiredByUse(p, names)]);
  for (const name of expected) {
    if (!present.has(name)) found.push({ kind: 'MissingSection', name });
  }
  const bound = new Set(bindingNames(p));
  pack.sections.forEach((section, i) => {
    for (const name of names[i]!) {
      if (!bound.has(name)) found.push({ kind: 'UnknownPlaceholder', section: section.name, name });
    }
  });
  return found;
}

/** The fragments a profile requires only because some section (fragments too) uses their placeholder. */
export function fragmentsRequiredByUse(pack: PackContent, profile: Profile): string[] {
  if (profile.requiredWhenUsed.length === 0) return [];
  return requiredByUse(profile, pack.sections.map((s) => placeholderNames(s.body)));
}

/** The fragments required by the placeholders the sections use (`names`: each section's). */
function requiredByUse(profile: Profile, names: readonly (readonly string[])[]): string[] {
  if (profile.requiredWhenUsed.length === 0) return [];
  const used = new Set(names.flat());
  return profile.requiredWhenUsed.filter((r) => used.has(r.placeholder)).flatMap((r) => r.fragments);
}

export function severity(problem: Problem): ProblemSeverity {
  if (problem.kind === 'UnknownPlaceholder') return 'Corrupting';
  return isFragment(problem.name) ? 'Corrupting' : 'Shaping';
}

export function assess(pack: PackContent, profile: ProfileName | Profile = 'loom-9'): Assessment {
  return finish(assessInSteps(pack, profile));
}

export function* assessInSteps(pack: PackContent, profile: ProfileName | Profile = 'loom-9'): Steps<Assessment> {
  const corrupting: Problem[] = [];
  const shaping: Problem[] = [];
  for (const problem of yield* problemsInSteps(pack, profile)) (severity(problem) === 'Corrupting' ? corrupting : shaping).push(problem);
  return { corrupting, shaping };
}

/** A pack an optimizer may score: nothing corrupting. */
export function isScorable(assessment: Assessment): boolean {
  return assessment.corrupting.length === 0;
}

export function describeProblem(problem: Problem): string {
  if (problem.kind === 'UnknownPlaceholder') {
    return `unknown placeholder \`{${problem.name}}\` in \`${problem.section}\` renders empty`;
  }
  return isFragment(problem.name) ? `missing fragment \`${problem.name}\`` : `missing section \`${problem.name}\``;
}
