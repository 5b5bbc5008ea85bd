import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { brokenReason, linksIn } from './markdownLinks';

const root = path.resolve(__dirname, '../../..');
const docs = path.join(root, 'docs');

interface Manifest {
  contributes: {
    configuration: { properties: Record<string, unknown> };
    commands: Array<{ command: string; title: string }>;
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

function page(name: string): string {
  return fs.readFileSync(path.join(docs, name), 'utf8');
}

describe('the reference pages in docs/', () => {
  it('documents every setting of package.json in docs/settings.md', () => {
    const settings = page('settings.md');
    const missing = Object.keys(manifest.contributes.configuration.properties).filter((name) => !settings.includes(`\`${name}\``));
    assert.deepEqual(missing, []);
  });

  it('names no setting in docs/settings.md that package.json does not declare', () => {
    const declared = new Set(Object.keys(manifest.contributes.configuration.properties));
    const named = [...page('settings.md').matchAll(/`(elbow\.[\w.]+)`/g)].map((match) => match[1] ?? '');
    assert.deepEqual(named.filter((name) => !declared.has(name)), []);
  });

  it('lists every palette command of package.json by its title in docs/commands.md', () => {
    const commands = page('commands.md');
    const missing = manifest.contributes.commands.filter((command) => !commands.includes(`| ${command.title} |`)).map((command) => command.title);
    assert.deepEqual(missing, []);
  });

  it('has only links that resolve to files and headings', () => {
    const broken = fs.readdirSync(docs).filter((name) => name.endsWith('.md')).flatMap((name) => linksIn(path.join(docs, name)).flatMap((link) => {
      const reason = brokenReason(link);
      return reason === undefined ? [] : [`docs/${name} → ${link.target}: ${reason}`];
    }));
    assert.deepEqual(broken, []);
  });
});
