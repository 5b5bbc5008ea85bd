import assert from 'node:assert/strict';
import { LineMatcher, SlowPatternError } from '../../../../src/core/search/lineMatcher';
import { MatchingThreads } from '../../../../src/core/search/matchingThreads';
import { BLOCKED_EVENT_LOOP_MS, measureEventLoopStall } from '../../../support/eventLoopStall';

/** Backtracks exponentially on a run of `a`s that does not end the line: minutes for 40 of them. */
const CATASTROPHIC = /(a+)+$/u;
const LONG_RUN = `${'a'.repeat(40)}!`;

describe('LineMatcher', () => {
  let threads: MatchingThreads;

  beforeEach(() => {
    threads = new MatchingThreads();
  });
  afterEach(() => threads.endIdle());

  it('finds matching lines with 1-based numbers, CRLF endings stripped and no phantom last line', async () => {
    const matcher = new LineMatcher(/x$/iu, { threads });
    try {
      const found = await matcher.match(
        [
          { path: 'a.txt', text: 'one x\r\ntwo\r\nthree X\r\n' },
          { path: 'b.txt', text: '' },
          { path: 'c.txt', text: 'x\n\nx' },
        ],
        10,
      );
      assert.deepEqual(found, [
        { path: 'a.txt', line: 1, column: 4, text: 'one x' },
        { path: 'a.txt', line: 3, column: 6, text: 'three X' },
        { path: 'c.txt', line: 1, column: 0, text: 'x' },
        { path: 'c.txt', line: 3, column: 0, text: 'x' },
      ]);
    } finally {
      matcher.close();
    }
  });

  it('stops after the number of matches wanted', async () => {
    const matcher = new LineMatcher(/hit/u, { threads });
    try {
      const found = await matcher.match([{ path: 'a', text: 'hit\nhit\n' }, { path: 'b', text: 'hit\n' }], 2);
      assert.deepEqual(found.map((match) => `${match.path}:${match.line}`), ['a:1', 'a:2']);
    } finally {
      matcher.close();
    }
  });

  it('stops a catastrophically backtracking pattern at the time limit, naming the file, while the event loop runs on', async () => {
    const matcher = new LineMatcher(CATASTROPHIC, { threads, timeLimitMs: 300 });
    const { longestStallMs, elapsedMs, outcome } = await measureEventLoopStall(() =>
      matcher.match([{ path: 'fine.txt', text: 'bbb\n' }, { path: 'slow.txt', text: `${LONG_RUN}\n` }], 10),
    );
    assert.equal(outcome.status, 'rejected');
    const error = (outcome as PromiseRejectedResult).reason as Error;
    assert.ok(error instanceof SlowPatternError, String(error));
    assert.match(error.message, /"\(a\+\)\+\$" took longer than 0\.3 s to match \(in slow\.txt\)/);
    assert.match(error.message, /literal: true/);
    assert.match(error.message, /include/);
    assert.ok(elapsedMs < 5000, `took ${elapsedMs} ms`);
    assert.ok(longestStallMs < BLOCKED_EVENT_LOOP_MS, `the event loop was blocked for ${Math.round(longestStallMs)} ms`);
    await assert.rejects(matcher.match([{ path: 'x', text: 'a' }], 1), SlowPatternError);
  });

  it('counts the time limit over all the matches of one search', async () => {
    const matcher = new LineMatcher(CATASTROPHIC, { threads, timeLimitMs: 400 });
    // Some 40 ms each on a quiet machine: far below the limit alone, above it together.
    const slowText = { path: 'slowish.txt', text: `${'a'.repeat(21)}!\n` };
    await assert.rejects(async () => {
      for (let round = 0; round < 50; round++) await matcher.match([slowText], 1);
    }, SlowPatternError);
  });

  it('ends a match promptly when the signal aborts, with the signal\'s reason', async () => {
    const controller = new AbortController();
    const matcher = new LineMatcher(CATASTROPHIC, { threads, timeLimitMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const { elapsedMs, outcome } = await measureEventLoopStall(() => matcher.match([{ path: 'slow.txt', text: LONG_RUN }], 1));
    assert.equal(outcome.status, 'rejected');
    assert.equal(((outcome as PromiseRejectedResult).reason as Error).name, 'AbortError');
    assert.ok(elapsedMs < 3000, `took ${elapsedMs} ms`);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const matcher = new LineMatcher(/a/u, { threads, signal: AbortSignal.abort() });
    await assert.rejects(matcher.match([{ path: 'a', text: 'a' }], 1), { name: 'AbortError' });
  });

  it('matches again after a stopped search, in a new thread', async () => {
    const stuck = new LineMatcher(CATASTROPHIC, { threads, timeLimitMs: 100 });
    await assert.rejects(stuck.match([{ path: 'slow.txt', text: LONG_RUN }], 1), SlowPatternError);
    stuck.close();
    const next = new LineMatcher(/b/u, { threads });
    try {
      assert.deepEqual(await next.match([{ path: 'b.txt', text: 'b' }], 1), [{ path: 'b.txt', line: 1, column: 0, text: 'b' }]);
    } finally {
      next.close();
    }
  });
});

describe('MatchingThreads', () => {
  it('reuses the thread of a finished search and ends a stopped one', async () => {
    const threads = new MatchingThreads();
    try {
      const thread = threads.take();
      threads.giveBack(thread);
      const finished = new LineMatcher(/a/u, { threads });
      await finished.match([{ path: 'a', text: 'a' }], 1);
      finished.close();
      assert.equal(threads.take(), thread, 'the thread of a finished search is kept for the next one');
      threads.giveBack(thread);
      const stopped = new LineMatcher(CATASTROPHIC, { threads, timeLimitMs: 100 });
      await assert.rejects(stopped.match([{ path: 'slow', text: LONG_RUN }], 1), SlowPatternError);
      stopped.close();
      const next = threads.take();
      threads.giveBack(next);
      assert.notEqual(next, thread, 'a thread stopped mid-match must not be reused');
    } finally {
      threads.endIdle();
    }
  });

  it('ends an idle thread after its idle limit', async () => {
    const threads = new MatchingThreads(50);
    const worker = threads.take();
    threads.giveBack(worker);
    const exitCode = await new Promise<number>((resolve) => worker.once('exit', resolve));
    assert.equal(typeof exitCode, 'number');
    assert.notEqual(threads.take(), worker);
    threads.endIdle();
  });
});
