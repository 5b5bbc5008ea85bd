import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { brokenReason, linksIn } from './markdownLinks';

const root = path.resolve(__dirname, '../../..');
const readmeFile = path.join(root, 'README.md');
const readme = fs.readFileSync(readmeFile, 'utf8');

describe('README.md', () => {
  it('stays short enough to read in two minutes', () => {
    const lines = readme.split('\n').length;
    assert.ok(lines < 120, `README.md has ${lines} lines; move reference material to docs/`);
  });

  it('gives the two commands: set up and launch, then set up and pass all tests', () => {
    const setUp = readme.indexOf('bash scripts/start-vscode.sh /path/to/your/project');
    const test = readme.indexOf('bash scripts/test.sh');
    assert.ok(setUp >= 0, 'the start command is missing');
    assert.ok(test > setUp, 'the test command is missing or comes before the start command');
  });

  it('shows the chat panel and inline review near the top, from images in the repository', () => {
    const images = linksIn(readmeFile).filter((link) => link.image).map((link) => link.target);
    assert.deepEqual(images, ['docs/images/readme-panel.png', 'docs/images/readme-review.png']);
    assert.ok(readme.indexOf('readme-review.png') < readme.indexOf('## Start'), 'the screenshots come before the commands');
  });

  it('has only links and images that resolve to files and headings', () => {
    const broken = linksIn(readmeFile).flatMap((link) => {
      const reason = brokenReason(link);
      return reason === undefined ? [] : [`${link.target}: ${reason}`];
    });
    assert.deepEqual(broken, []);
  });

  it('links every page of docs/', () => {
    const linked = new Set(linksIn(readmeFile).map((link) => link.target.split('#')[0]));
    const pages = fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
    assert.deepEqual(pages.filter((page) => !linked.has(page)), []);
  });
});
