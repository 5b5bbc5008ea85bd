import assert from 'node:assert/strict';
import { applied, lines, refused, refusedForBytes } from './editOutcome';

describe('matching ladder: a near-identical block', () => {
  const file = lines(
    'export function parseConfig(text: string): Config {',
    '  const raw = JSON.parse(text) as Partial<Config>;',
    '  const timeoutSeconds = raw.timeoutSeconds ?? 30;',
    '  const retries = raw.retries ?? 3;',
    '  return { timeoutSeconds, retries };',
    '}',
    '',
    'export function describeConfig(config: Config): string {',
    '  return `${config.retries} retries, ${config.timeoutSeconds} s`;',
    '}',
  );

  it('matches when a copied context line is one word off, and writes that line back as the file has it', () => {
    const oldStr = [
      '  const raw = JSON.parse(text) as Partial<Settings>;',
      '  const timeoutSeconds = raw.timeoutSeconds ?? 30;',
      '  const retries = raw.retries ?? 3;',
      '  return { timeoutSeconds, retries };',
    ].join('\n');
    const newStr = oldStr.replace('raw.retries ?? 3', 'raw.retries ?? 5');
    const result = applied(file, oldStr, newStr);
    assert.equal(result.text, file.replace('raw.retries ?? 3', 'raw.retries ?? 5'));
    assert.match(result.tolerance ?? '', /^matched a 9\d%-similar region at lines 2–5 \((the next best was \d+%|no other region was 50% similar)\)$/);
  });

  it('refuses when the line new_str changes is not in the file as old_str has it', () => {
    const oldStr = [
      '  const raw = JSON.parse(text) as Partial<Config>;',
      '  const timeoutSeconds = raw.timeoutSeconds ?? 30;',
      '  const retries = raw.retries ?? 4;',
      '  return { timeoutSeconds, retries };',
    ].join('\n');
    const reason = refused(file, oldStr, oldStr.replace('?? 4', '?? 5'));
    assert.match(reason, /It is most like lines 2–5 \(9\d% similar; (the next best was \d+%|no other region was 50% similar)\), but line 4, which new_str changes, differs there:/);
    assert.ok(reason.includes('4\t  const retries = raw.retries ?? 3;'), reason);
    assert.ok(reason.includes('\n  file:    "  const retries = raw.retries ?? 3;"\n  old_str: "  const retries = raw.retries ?? 4;"\n'), reason);
  });

  it('refuses when the lines new_str adds are already in the region: the change looks already applied', () => {
    const done = file.replace('raw.retries ?? 3', 'raw.retries ?? 5');
    const oldStr = '  const timeoutSeconds = raw.timeoutSeconds ?? 30;\n  const retries = raw.retries ?? 3;\n  return { timeoutSeconds, retries };';
    const reason = refused(done, oldStr, oldStr.replace('retries ?? 3', 'retries ?? 5'));
    assert.equal(
      reason,
      'old_str was not found in file.ts. The most similar text, at lines 3–5, already holds the lines new_str adds: the change looks already applied. Re-read the file with read_file before editing it again.',
    );
  });

  it('leaves a block less alike than the threshold to the refusal, which names the most similar region', () => {
    const reason = refused(file, '  const retries = config.retries || 3;\n  return { retries };', 'x');
    assert.match(reason, /^old_str was not found in file\.ts\. The most similar text is at lines 4–5 \(\d+% similar\):/);
  });

  it('refuses when two regions are about equally similar, and shows both', () => {
    const twins = lines('function a() {', '  start(1);', '  stop(1);', '}', 'function b() {', '  start(2);', '  stop(2);', '}');
    const reason = refused(twins, 'function c() {\n  start(3);\n  stop(3);\n}', 'x');
    assert.match(reason, /Two regions are about equally similar, so old_str may be meant for either: lines 1–4 \(\d+% similar\) and lines 5–8 \(\d+% similar\)\./);
  });

  it('never lands on a region that is merely closer than the one meant', () => {
    const pair = lines('if (ready) {', '  send(message, 10);', '  log("sent");', '}', 'if (ready) {', '  send(message, 20);', '  log("sent twice");', '}');
    const reason = refused(pair, 'if (ready) {\n  send(message, 10);\n  log("sent twice");\n}', 'if (ready) {\n  send(message, 10);\n  log("sent three times");\n}');
    assert.match(reason, /^old_str was not found in file\.ts\./);
  });

  it('refuses when the next most similar region already reads as new_str writes a line it changes: old_str mixes two places', () => {
    const keywords = lines('{', '  "keywords": [', '    "validation",', '    "type",', '    "inference"', '  ],', '  "exports": {', '    "validation",', '    "typeAlt",', '    "inference"', '  }', '}');
    const reason = refused(keywords, '    "validation",\n    "typeAlt",\n    "infference"', '    "validationRenamed",\n    "type",\n    "infference"');
    assert.match(reason, /^old_str was not found in file\.ts\. It is most like lines 8–10 \(9\d% similar\), but the text at lines 3–5 \(\d+% similar\) already has line 4 as new_str writes it: old_str may mix the two places/);
    for (const lineEnding of ['\r\n', '\n']) {
      const bytes = new TextEncoder().encode(`\uFEFF${keywords.replace(/\n/g, lineEnding)}`);
      assert.match(refusedForBytes(bytes, '    "validation",\n    "typeAlt",\n    "infference"', '    "validationRenamed",\n    "type",\n    "infference"'), /already has line 4 as new_str writes it/);
    }
  });

  it('never matches a single line by similarity alone', () => {
    const reason = refused(file, '  const retries = raw.retries ?? 4;', '  const retries = raw.retries ?? 4;\n  const verbose = false;');
    assert.match(reason, /^old_str was not found in file\.ts\. The most similar text is at line 4/);
  });

  it('keeps CRLF', () => {
    const crlf = file.replace(/\n/g, '\r\n');
    const oldStr = '  const raw = JSON.parse(text) as Partial<Settings>;\n  const timeoutSeconds = raw.timeoutSeconds ?? 30;\n  const retries = raw.retries ?? 3;\n  return { timeoutSeconds, retries };';
    const result = applied(crlf, oldStr, oldStr.replace('retries ?? 3', 'retries ?? 5'));
    assert.equal(result.text, crlf.replace('retries ?? 3', 'retries ?? 5'));
  });
});
