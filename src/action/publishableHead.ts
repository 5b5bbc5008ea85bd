import type { Checkout } from './gitChanges';

/** The commit checked out before the run, and whether the repository itself holds it. */
export interface StartingPoint {
  head: string;
  /** `owner/repo` of a pull request's head, when the event names one. */
  headRepository?: string;
}

/** The commit HEAD names, or undefined on an unborn branch. */
export async function headCommit(checkout: Checkout): Promise<string | undefined> {
  return (await checkout.git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).catch(() => '')).trim() || undefined;
}

/**
 * Why the run's changes must not be pushed on top of HEAD, or undefined when they may. A push carries every commit
 * under HEAD: when HEAD is a fork's pull request head, that is the fork author's code (workflows included) in a
 * branch of the repository. So HEAD must still be the commit checked out before the run, and that commit one of
 * a branch of the repository (fetched as `origin/*`) or of a pull request whose head is in the repository itself.
 */
export async function unpublishableHead(checkout: Checkout, start: StartingPoint, repository: string): Promise<string | undefined> {
  const now = await headCommit(checkout);
  // An unborn branch: no history goes along.
  if (now === undefined && start.head === '') return undefined;
  if (now !== start.head) return `Nothing was pushed: HEAD moved during the run (from ${short(start.head)} to ${short(now)}).`;
  if (start.headRepository !== undefined && start.headRepository.toLowerCase() === repository.toLowerCase()) return undefined;
  const branches = await checkout.git(['for-each-ref', '--contains', start.head, '--format=%(refname)', 'refs/remotes/origin/']);
  if (branches.trim() !== '') return undefined;
  return `Nothing was pushed: the checkout's HEAD (${short(start.head)}) is on no branch of ${repository} fetched as origin/* `
    + "(a fork's pull request head?), and a push would carry its commits into the repository. The changes are described above; check out a branch of the repository to have them pushed.";
}

function short(commit: string | undefined): string {
  return commit === undefined ? 'none' : commit.slice(0, 12);
}
