import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DelayedSave } from '../../../../src/vscode/chat/delayedSave';

describe('DelayedSave', () => {
  it('saves once for a burst of changes, after the delay it is given at the first', async () => {
    let saves = 0;
    let delay = 200;
    const save = new DelayedSave(async () => void saves++, (error) => assert.fail(String(error)), () => delay);
    save.schedule();
    delay = 10;
    save.schedule();
    await sleep(60);
    assert.equal(saves, 0, 'the longer delay, taken at the first change, holds');
    await sleep(250);
    assert.equal(saves, 1);
    save.schedule();
    await sleep(60);
    assert.equal(saves, 2, 'the next burst takes the delay as it is now');
  });

  it('does not save after cancel', async () => {
    let saves = 0;
    const save = new DelayedSave(async () => void saves++, (error) => assert.fail(String(error)), () => 10);
    save.schedule();
    save.cancel();
    await sleep(40);
    assert.equal(saves, 0);
  });
});
