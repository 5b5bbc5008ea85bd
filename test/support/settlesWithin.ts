/**
 * Whether `promise` settles within `ms`. For something that must happen (a chat that ends, a process that stops):
 * the test fails with its own message instead of by mocha's timeout. A bound for a hang, set generously; never a
 * measure of speed, which `npm run bench` measures.
 */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(() => true, () => true);
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
