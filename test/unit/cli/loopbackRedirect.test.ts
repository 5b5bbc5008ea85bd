import assert from 'node:assert/strict';
import { loopbackBrowser } from '../../../src/cli/loopbackRedirect';

describe('the terminal\'s loopback redirect for signing in', () => {
  const never = new AbortController().signal;
  // No browser opens in the tests: `true` is the opener.
  const environment = { ELBOW_BROWSER_OPENER: 'true' };

  it('prints the URL, ignores an answer with another state, and takes the one that belongs to the sign-in', async () => {
    const printed: string[] = [];
    const receiver = await loopbackBrowser({ writeErr: (text) => printed.push(text), environment }).receive('tracker');
    try {
      assert.match(receiver.redirectUrl, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const answer = receiver.open(new URL('https://auth.example.com/authorize?state=right'), never);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(printed.join(''), 'Sign in to "tracker" in your browser. If it does not open, open this URL:\nhttps://auth.example.com/authorize?state=right\n');
      assert.equal((await fetch(`${receiver.redirectUrl.replace('/callback', '/other')}?state=right`)).status, 404);
      const forged = await fetch(`${receiver.redirectUrl}?code=evil&state=wrong`);
      assert.equal(forged.status, 400);
      assert.match(await forged.text(), /does not belong to the sign-in under way/);
      const page = await fetch(`${receiver.redirectUrl}?code=good&state=right`);
      assert.match(await page.text(), /Elbow is signed in to tracker\..*You can close this tab/);
      assert.equal((await answer).get('code'), 'good');
    } finally {
      receiver.dispose();
    }
  });

  it('gives up after its time with what to do, and listens on the configured port', async () => {
    const probe = await loopbackBrowser({ writeErr: () => undefined, environment }).receive('x');
    const port = Number(new URL(probe.redirectUrl).port);
    probe.dispose();
    const receiver = await loopbackBrowser({ writeErr: () => undefined, environment, timeoutMs: 100 }).receive('tracker', { callbackPort: port });
    try {
      assert.equal(receiver.redirectUrl, `http://127.0.0.1:${port}/callback`);
      await assert.rejects(receiver.open(new URL('https://auth.example.com/authorize?state=s'), never), /No answer came back from the browser within 1 min; nothing was saved\. Run elbow mcp login tracker again\./);
    } finally {
      receiver.dispose();
    }
  });
});
