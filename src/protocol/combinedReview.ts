import type { EditReview } from './chatItems';

/**
 * The review of several changes together: pending while any is; accepted or rejected when all were; otherwise
 * partly rejected. Changes never reviewed (`undefined`) do not count; `undefined` when none was.
 */
export function combinedReview(reviews: readonly (EditReview | undefined)[]): EditReview | undefined {
  const known = reviews.filter((review) => review !== undefined);
  if (known.length === 0) return undefined;
  if (known.includes('pending')) return 'pending';
  if (known.every((review) => review === 'accepted')) return 'accepted';
  if (known.every((review) => review === 'rejected')) return 'rejected';
  return 'partlyRejected';
}
