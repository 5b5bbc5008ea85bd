import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCorpus, type BuiltCorpus } from '../../../bench/edits/buildCorpus';
import { formatCorpusReport } from '../../../bench/edits/corpusReport';
import { CORPUS_ENTRIES, type CorpusEntry } from '../../../bench/edits/corpusSources';
import { thisMachine, type CorpusMachine } from '../../../bench/edits/findSource';

function hasDpkg(): boolean {
  try {
    execFileSync('dpkg-query', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function writeFile(file: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe('the edits benchmark corpus, built from the machine', function () {
  this.timeout(30_000);
  let project: string;
  let machine: CorpusMachine;

  beforeEach(() => {
    project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'elbow-corpus-')));
    machine = { projectRoot: project, python: 'python3', rustupHome: path.join(project, 'rustup') };
    writeFile(path.join(project, 'node_modules', 'lib-a', 'package.json'), '{ "name": "lib-a", "version": "1.2.3" }');
    writeFile(path.join(project, 'node_modules', 'lib-a', 'src', 'code.ts'), 'export const a = 1;\n');
    writeFile(path.join(project, 'node_modules', 'lib-a', 'logo.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a, 0x0a]));
    writeFile(path.join(project, 'node_modules', 'lib-b', 'package.json'), '{ "name": "lib-b", "version": "5.0.0" }');
    writeFile(path.join(project, 'node_modules', 'lib-b', 'node_modules', 'lib-a', 'package.json'), '{ "name": "lib-a", "version": "2.0.0" }');
    writeFile(path.join(project, 'node_modules', 'lib-b', 'node_modules', 'lib-a', 'src', 'code.ts'), 'export const a = 2;\r\n');
  });

  afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

  it('reads every file this machine has as decoded text, each with its source and version, and names the rest', () => {
    const corpus = buildCorpus();
    assert.equal(corpus.files.length + corpus.skipped.length, CORPUS_ENTRIES.length);
    assert.ok(corpus.files.length > 0);
    for (const file of corpus.files) {
      assert.ok(file.text.length > 0 && !file.text.includes('\u0000') && !file.text.includes('\uFFFD'), `${file.shownPath} is text`);
      assert.match(file.source, /^(npm|Debian|Python|rustup) /, file.shownPath);
      assert.match(file.version, /\d/, file.shownPath);
    }
    assert.deepEqual(corpus.files.map((file) => file.shownPath), corpus.files.map((file) => file.shownPath).sort());
    for (const entry of corpus.skipped) assert.ok(entry.reasons.length > 0 && entry.install.length > 0, entry.shownPath);
    const zod = corpus.files.find((file) => file.shownPath === 'typescript/parse.ts');
    const installed = (JSON.parse(fs.readFileSync(path.join(thisMachine().projectRoot, 'node_modules', 'zod', 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(zod?.version, installed, 'a package file carries the version installed in node_modules');
  });

  it('reads an npm file at the version installed where the package that needs it resolves it', () => {
    const entries: CorpusEntry[] = [
      { language: 'TypeScript', candidates: [{ kind: 'npm', package: 'lib-a', path: 'src/code.ts', name: 'top.ts' }], install: 'npm ci' },
      { language: 'TypeScript', candidates: [{ kind: 'npm', package: 'lib-a', via: 'lib-b', path: 'src/code.ts', name: 'nested.ts' }], install: 'npm ci' },
    ];
    const { files, skipped } = buildCorpus(entries, machine);
    assert.deepEqual(skipped, []);
    assert.deepEqual(files, [
      { shownPath: 'typescript/nested.ts', language: 'TypeScript', text: 'export const a = 2;\r\n', lineEnding: '\r\n', source: 'npm lib-a (as lib-b has it): src/code.ts', version: '2.0.0' },
      { shownPath: 'typescript/top.ts', language: 'TypeScript', text: 'export const a = 1;\n', lineEnding: '\n', source: 'npm lib-a: src/code.ts', version: '1.2.3' },
    ]);
  });

  it('passes over a missing or binary candidate to the next, and skips an entry with none, naming why and what to install', () => {
    const entries: CorpusEntry[] = [
      {
        language: 'TypeScript',
        candidates: [{ kind: 'npm', package: 'lib-gone', path: 'src/code.ts' }, { kind: 'npm', package: 'lib-a', path: 'logo.png' }, { kind: 'npm', package: 'lib-a', path: 'src/code.ts' }],
        install: 'npm ci',
      },
      { language: 'Go', candidates: [{ kind: 'npm', package: 'lib-a', path: 'go/main.go' }, { kind: 'debian', path: path.join(project, 'none-*', 'x.go') }], install: 'apt-get install golang-go' },
      { language: 'Python', candidates: [{ kind: 'python', path: 'textwrap.py' }], install: 'apt-get install python3' },
      { language: 'Rust', candidates: [{ kind: 'rustup', path: 'share/doc/main.rs', component: 'rust-docs' }], install: 'rustup' },
    ];
    const { files, skipped } = buildCorpus(entries, { ...machine, python: 'no-such-python3' });
    assert.deepEqual(files.map((file) => [file.shownPath, file.version]), [['typescript/code.ts', '1.2.3']]);
    assert.deepEqual(skipped, [
      { shownPath: 'go/main.go', language: 'Go', reasons: ['npm lib-a 1.2.3 has no go/main.go', `${path.join(project, 'none-*', 'x.go')} is not on this machine`], install: 'apt-get install golang-go' },
      { shownPath: 'python/textwrap.py', language: 'Python', reasons: ['no-such-python3 is not installed'], install: 'apt-get install python3' },
      { shownPath: 'rust/main.rs', language: 'Rust', reasons: [`no rustup toolchain in ${path.join(project, 'rustup')}`], install: 'rustup' },
    ]);
  });

  it('tells why a binary file was passed over when it is the only candidate', () => {
    const { skipped } = buildCorpus([{ language: 'CSS', candidates: [{ kind: 'npm', package: 'lib-a', path: 'logo.png', name: 'logo.css' }], install: 'npm ci' }], machine);
    assert.deepEqual(skipped[0]?.reasons, [`${path.join(project, 'node_modules', 'lib-a', 'logo.png')} is not UTF-8 text`]);
  });

  it('reads a rustup file from a stable toolchain first, with its component\'s version', () => {
    const toolchains = path.join(project, 'rustup', 'toolchains');
    for (const [toolchain, version] of [['nightly-x86_64', '1.99.0-nightly'], ['stable-x86_64', '1.95.0 (abc 2026-04-14)']] as const) {
      writeFile(path.join(toolchains, toolchain, 'share', 'doc', 'main.rs'), `fn main() {} // ${toolchain}\n`);
      writeFile(path.join(toolchains, toolchain, 'lib', 'rustlib', 'multirust-channel-manifest.toml'), `[pkg.cargo]\nversion = "0.1"\n\n[pkg.rust-docs]\nversion = "${version}"\n`);
    }
    const { files } = buildCorpus([{ language: 'Rust', candidates: [{ kind: 'rustup', path: 'share/doc/main.rs', component: 'rust-docs' }], install: 'rustup' }], machine);
    assert.deepEqual(files.map((file) => [file.text, file.source, file.version]), [['fn main() {} // stable-x86_64\n', 'rustup stable-x86_64, rust-docs: share/doc/main.rs', '1.95.0 (abc 2026-04-14)']]);
  });

  it('names the Debian package and version of a system file, and passes over a file no package installed', function () {
    if (!hasDpkg() || !fs.existsSync('/usr/bin/tzselect')) this.skip();
    const version = execFileSync('dpkg-query', ['--show', '--showformat=${Version}', 'libc-bin'], { encoding: 'utf8' });
    writeFile(path.join(project, 'stray.sh'), 'echo stray\n');
    const { files, skipped } = buildCorpus([
      { language: 'shell', candidates: [{ kind: 'debian', path: path.join(project, 'stray.sh') }, { kind: 'debian', path: '/usr/bin/tzselect', name: 'tzselect.sh' }], install: 'apt-get install libc-bin' },
    ], machine);
    assert.deepEqual(skipped, []);
    assert.deepEqual(files.map((file) => [file.shownPath, file.source, file.version]), [['shell/tzselect.sh', 'Debian libc-bin: /usr/bin/tzselect', version]]);
  });

  it('reports each file with its lines, source and version, then what was skipped, why, and what would add it', () => {
    const corpus: BuiltCorpus = {
      files: [{ shownPath: 'go/a.go', language: 'Go', text: 'package a\n\nfunc A() {}\n', lineEnding: '\n', source: 'npm lib-a: a.go', version: '1.2.3' }],
      skipped: [{ shownPath: 'rust/b.rs', language: 'Rust', reasons: ['/usr/share/b.rs is not on this machine'], install: 'apt-get install librust-b-dev' }],
    };
    const report = formatCorpusReport(corpus);
    assert.match(report, /Edit corpus: 1 file in 1 language,/);
    assert.match(report, /^go\/a\.go +\| Go +\| 3 +\| npm lib-a: a\.go \| 1\.2\.3$/m);
    assert.match(report, /rust\/b\.rs \(Rust\): \/usr\/share\/b\.rs is not on this machine\. To add it: apt-get install librust-b-dev\./);
    assert.match(report, /No Rust file this run/);
  });
});
