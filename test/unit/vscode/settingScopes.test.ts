import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  joinedListOf, narrowingSettings, smallestNumberOf, userOnlySettings, userValueOf, workspaceSettings, type InspectedSetting,
} from '../../../src/vscode/settingScopes';

interface SettingSchema {
  scope?: string;
  markdownDescription?: string;
  description?: string;
}

const USER_ONLY_NOTE = 'Only your user settings count; a workspace cannot set this.';
const repository = path.join(__dirname, '../../..');

describe('whose value of each setting counts', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repository, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, SettingSchema> } };
  };
  const declared = Object.entries(manifest.contributes.configuration.properties).map(([key, schema]) => ({ key: key.replace(/^elbow\./, ''), schema }));
  const workspaceMaySet = new Set<string>([...workspaceSettings, ...narrowingSettings]);

  // `application`: VS Code reads it from the User settings only, in a remote window (code-server, SSH) too, where a
  // `machine` setting is read from the remote's Machine settings and dropped from the User settings.
  it('lets a workspace set only the settings on the allowlist; every other one is application scoped and says so', () => {
    for (const { key, schema } of declared) {
      if (workspaceMaySet.has(key)) {
        assert.ok(schema.scope !== 'machine' && schema.scope !== 'application', `elbow.${key} is one a workspace may set, yet ${schema.scope} scoped`);
        continue;
      }
      assert.equal(schema.scope, 'application', `elbow.${key} is not on the list of settings a workspace may set, and not application scoped`);
      assert.ok((userOnlySettings as readonly string[]).includes(key), `elbow.${key} is application scoped but not read as a user-only setting`);
      assert.ok((schema.markdownDescription ?? schema.description ?? '').endsWith(USER_ONLY_NOTE), `elbow.${key}'s description does not say a workspace cannot set it`);
    }
  });

  it('docs/settings.md says where each setting is read from, as these lists do', () => {
    const docs = fs.readFileSync(path.join(repository, 'docs/settings.md'), 'utf8');
    const rows = [...docs.matchAll(/^\| `elbow\.([\w.]+)` \| ([^|]+) \|/gm)].map((row) => [row[1] ?? '', (row[2] ?? '').trim()] as const);
    const expected = (key: string): string => {
      if ((userOnlySettings as readonly string[]).includes(key)) return 'User settings only';
      return (narrowingSettings as readonly string[]).includes(key) ? 'Every scope, narrowing' : 'Every scope';
    };
    assert.deepEqual(rows.map(([key]) => key).sort(), declared.map(({ key }) => key).sort(), 'one row per setting');
    for (const [key, readFrom] of rows) assert.equal(readFrom, expected(key), `docs/settings.md: where elbow.${key} is read from`);
  });

  it('keeps what picks the provider, its endpoint and how its key is sent out of a workspace\'s reach', () => {
    for (const key of ['provider', 'baseUrl', 'azure.authentication']) {
      assert.ok((userOnlySettings as readonly string[]).includes(key), `elbow.${key} is user-only`);
      assert.equal(manifest.contributes.configuration.properties[`elbow.${key}`]?.scope, 'application', `elbow.${key} is application scoped`);
    }
  });

  it('names only settings that exist, each on one list', () => {
    const all = [...userOnlySettings, ...narrowingSettings, ...workspaceSettings];
    assert.equal(new Set(all).size, all.length);
    assert.deepEqual([...all].sort(), declared.map(({ key }) => key).sort());
  });

  it('reads settings only through the readers of src/vscode/settings.ts', () => {
    const offenders: string[] = [];
    const visit = (folder: string): void => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (file.endsWith('.ts') && !file.endsWith(path.join('vscode', 'settings.ts'))) {
          const text = fs.readFileSync(file, 'utf8');
          for (const match of text.matchAll(/getConfiguration\([^)]*\)(\.\w+)?/g)) {
            if (match[1] !== '.update') offenders.push(`${path.relative(repository, file)}: ${match[0]}`);
          }
        }
      }
    };
    visit(path.join(repository, 'src'));
    assert.deepEqual(offenders, []);
    const settings = fs.readFileSync(path.join(repository, 'src/vscode/settings.ts'), 'utf8');
    assert.equal([...settings.matchAll(/\.get<|\.get\(/g)].length, 1, 'settings.ts reads a value outside workspaceSetting');
  });

  describe('the readers, on what VS Code\'s inspect() returns', () => {
    const inspected = <T>(values: InspectedSetting<T>): InspectedSetting<T> => values;

    it('a user-only setting ignores the workspace and the folder (a repository\'s shellPath, allowWritesOutsideWorkspace…)', () => {
      assert.equal(userValueOf(inspected({ defaultValue: '', workspaceValue: '/tmp/evil.sh', workspaceFolderValue: '/tmp/evil.sh' })), '');
      assert.equal(userValueOf(inspected({ defaultValue: false, globalValue: true, workspaceValue: false })), true);
      assert.equal(userValueOf(inspected({ defaultValue: false, workspaceValue: true })), false);
    });

    it('a narrowing list joins every scope, leaving out a workspace\'s entries the filter refuses', () => {
      const deny = inspected<unknown>({ defaultValue: [], globalValue: ['rm', '/^curl/'], workspaceValue: ['git push', '/(a+)+$/'], workspaceFolderValue: [' sudo '] });
      assert.deepEqual(joinedListOf(deny, (rule) => !rule.startsWith('/')), ['rm', '/^curl/', 'git push', 'sudo']);
    });

    it('a narrowing limit takes the smallest value of any scope, never a larger one from a workspace', () => {
      assert.equal(smallestNumberOf(inspected<unknown>({ defaultValue: 50, workspaceValue: 500 })), 50);
      assert.equal(smallestNumberOf(inspected<unknown>({ defaultValue: 50, globalValue: 100, workspaceFolderValue: 20 })), 20);
      assert.equal(smallestNumberOf(inspected<unknown>({})), undefined);
    });
  });
});
