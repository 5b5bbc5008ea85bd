import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listFiles, PackageManager } from '@vscode/vsce';

const root = path.resolve(__dirname, '../../..');

interface Manifest {
  icon: string;
  galleryBanner?: { color?: string; theme?: string };
  categories: string[];
  keywords: string[];
  repository?: { url?: string };
  bugs?: { url?: string };
  homepage?: string;
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

/** The marketplace's categories (vsce's own list). */
const marketplaceCategories = new Set(['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization']);

/** Width and height of a PNG, from its header. */
function pngSize(file: string): [number, number] {
  const header = fs.readFileSync(file).subarray(0, 24);
  assert.equal(header.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
  return [header.readUInt32BE(16), header.readUInt32BE(20)];
}

describe('the marketplace listing', () => {
  it('has a PNG icon of at least 128 × 128, a banner, categories the marketplace knows and links', () => {
    const [width, height] = pngSize(path.join(root, manifest.icon));
    assert.ok(width >= 128 && height >= 128, `the icon is ${width} × ${height}`);
    assert.match(manifest.galleryBanner?.color ?? '', /^#[0-9a-f]{6}$/i);
    assert.ok(manifest.galleryBanner?.theme === 'dark' || manifest.galleryBanner?.theme === 'light');
    assert.deepEqual(manifest.categories.filter((category) => !marketplaceCategories.has(category)), []);
    assert.ok(manifest.keywords.length > 0 && manifest.keywords.length <= 30, 'the marketplace takes up to 30 keywords');
    for (const url of [manifest.repository?.url, manifest.bugs?.url, manifest.homepage]) assert.match(url ?? '', /^https:\/\//);
  });

  it('packages what a user needs, the README and its images included, and no sources, tests, developer pages, the CLI\'s npm package or the GitHub Action', async function () {
    // vsce walks the whole checkout, node_modules included, before applying .vscodeignore.
    this.timeout(60_000);
    const files = await listFiles({ cwd: root, packageManager: PackageManager.None });
    for (const needed of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/elbow.png', 'dist/extension.js', 'dist/extensionMain.js', 'dist/elbowChat.js', 'dist/openaiSdk.js', 'dist/anthropicSdk.js', 'dist/mcpSdk.js', 'dist/shellParser.js', 'dist/webPageConverter.js', 'docs/images/readme-panel.png', 'docs/images/readme-review.png', 'docs/settings.md']) {
      assert.ok(files.includes(needed), `${needed} is not packaged`);
    }
    const unwanted = files.filter((file) => /^(src|test|bench|scripts|tools|out|node_modules|packaging|\.github)\//.test(file) || /^docs\/(architecture|testing|developing)\.md$/.test(file) || /^(dist\/cli\.js|dist\/action\.js|action\.yml|[^/]*\.tgz)$/.test(file));
    assert.deepEqual(unwanted, []);
  });
});
