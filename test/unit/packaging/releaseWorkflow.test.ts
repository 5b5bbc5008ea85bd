import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');

interface Workflow {
  on?: { push?: { tags?: string[]; branches?: string[] } };
  permissions?: Record<string, string>;
  jobs?: Record<string, { steps?: Array<{ uses?: string; run?: string; env?: Record<string, string> }> }>;
}

describe('the workflow that releases the Action (.github/workflows/release-action.yml)', () => {
  const workflow = parse(fs.readFileSync(path.join(root, '.github/workflows/release-action.yml'), 'utf8')) as Workflow;
  const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);

  it('runs on a version tag only, with the right to push the release branch and tags', () => {
    assert.deepEqual(workflow.on, { push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } });
    assert.deepEqual(workflow.permissions, { contents: 'write' });
  });

  it('runs npm run release:action with the pushed tag and its major tag, then pushes the branch and both tags', () => {
    const release = steps.find((step) => step.run?.includes('npm run release:action'));
    assert.ok(release, 'no step runs the release');
    assert.equal(release.env?.TAG, '${{ github.ref_name }}');
    assert.doesNotMatch(release.run ?? '', /\$\{\{/, 'the tag reaches the script through the environment, not pasted into it');
    assert.match(release.run ?? '', /npm run release:action -- --tag "\$TAG" --tag "\$\{TAG%%\.\*\}"/);
    assert.match(release.run ?? '', /git push --force origin action-release "refs\/tags\/\$TAG" "refs\/tags\/\$\{TAG%%\.\*\}"/);
    assert.ok(steps.findIndex((step) => step.run === 'npm ci') < steps.indexOf(release), 'dependencies are installed first');
  });
});
