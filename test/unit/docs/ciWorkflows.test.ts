import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');

interface ActionInput {
  required?: boolean;
  default?: string;
}

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

interface Job {
  if?: string;
  concurrency?: string | { group?: string; 'cancel-in-progress'?: unknown };
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown> };
  steps?: Step[];
}

interface Workflow {
  on?: unknown;
  permissions?: Record<string, string>;
  jobs?: Record<string, Job>;
}

const action = parse(fs.readFileSync(path.join(root, 'action.yml'), 'utf8')) as { inputs: Record<string, ActionInput>; outputs: Record<string, unknown> };
const page = fs.readFileSync(path.join(root, 'docs/ci.md'), 'utf8');

/** The YAML blocks of a stretch of markdown, parsed. */
function yamlBlocks(markdown: string): Workflow[] {
  return [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)].map((match) => parse(match[1] ?? '') as Workflow);
}

/** The text of one `## ` section of the page. */
function section(heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/ci.md has no section "${heading}"`);
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** A step that runs this repository's Action: `./` in the repository itself, `<owner>/elbow@<ref>` elsewhere. */
function usesTheAction(step: Step): boolean {
  return step.uses === './' || /^[\w.-]+\/elbow@[\w.-]+$/.test(step.uses ?? '');
}

/**
 * An expression whose value someone other than the workflow's author writes: a step's outputs (the model's answer)
 * and the event's text fields that GitHub's security hardening guide lists as untrusted input (titles, bodies,
 * commit messages, branch names, author names and e-mails).
 */
const untrustedExpression = /\$\{\{[^}]*(steps\.[\w-]+\.outputs|github\.head_ref|github\.event\.[\w.*-]*(title|body|message|ref|label|name|email|default_branch)\b)/;

const workflows = yamlBlocks(page);
const jobs = workflows.flatMap((workflow) => Object.entries(workflow.jobs ?? {}).map(([name, job]) => ({ name, job, workflow })));
const actionSteps = jobs.flatMap(({ name, job, workflow }) => (job.steps ?? []).filter(usesTheAction).map((step) => ({ name, job, workflow, step })));

describe('the workflows of docs/ci.md', () => {
  it('give the Action only inputs action.yml declares, and every input it requires', () => {
    // The comment job and the matrix job of "Example: one job per task" at least.
    assert.ok(actionSteps.length >= 2, `${actionSteps.length} steps use the Action`);
    const required = Object.entries(action.inputs).filter(([, input]) => input.required === true).map(([name]) => name);
    assert.deepEqual(required, ['api_key']);
    for (const { name, step } of actionSteps) {
      const given = Object.keys(step.with ?? {});
      assert.deepEqual(given.filter((key) => !(key in action.inputs)), [], `job ${name} gives inputs action.yml does not declare`);
      assert.deepEqual(required.filter((key) => !given.includes(key)), [], `job ${name} leaves out required inputs`);
    }
  });

  it('read only outputs action.yml declares from the Action\'s step', () => {
    const read = actionSteps.flatMap(({ name, job, step }) => {
      if (step.id === undefined) return [];
      const text = JSON.stringify(job.steps);
      return [...text.matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([\\w-]+)`, 'g'))].map((match) => ({ name, output: match[1] ?? '' }));
    });
    assert.ok(read.length >= 2, `${read.length} outputs are read`);
    assert.deepEqual(read.filter(({ output }) => !(output in action.outputs)), []);
  });

  it('grant what a pull request needs to every job that opens one or pushes a branch', () => {
    const writing = actionSteps.filter(({ step }) => step.with?.mode === 'pull_request' || step.with?.mode === 'branch');
    assert.ok(writing.length >= 1);
    for (const { name, job, workflow, step } of writing) {
      const permissions = job.permissions ?? workflow.permissions ?? {};
      assert.equal(permissions.contents, 'write', `job ${name}`);
      if (step.with?.mode === 'pull_request') assert.equal(permissions['pull-requests'], 'write', `job ${name}`);
    }
  });

  it('never paste an output of the Action into a script, where the model\'s text would run', () => {
    const runs = jobs.flatMap(({ job }) => (job.steps ?? []).flatMap((step) => (step.run === undefined ? [] : [step.run])));
    assert.ok(runs.length >= 3, `${runs.length} run steps`);
    assert.deepEqual(runs.filter((run) => untrustedExpression.test(run)), []);
  });

  it('check out without leaving the job\'s token in the git configuration the agent\'s commands can read', () => {
    const runsElbow = jobs.filter(({ job }) => (job.steps ?? []).some((step) => usesTheAction(step) || /^\s*elbow -p /m.test(step.run ?? '')));
    assert.ok(runsElbow.length >= 3, `${runsElbow.length} jobs run Elbow`);
    for (const { name, job } of runsElbow) {
      const checkouts = (job.steps ?? []).filter((step) => step.uses?.startsWith('actions/checkout@'));
      assert.equal(checkouts.length, 1, `job ${name}`);
      assert.equal(checkouts[0]?.with?.['persist-credentials'], false, `job ${name}`);
    }
  });

  it('start no runner for a comment by someone outside the repository, who then cannot cancel a collaborator\'s run', () => {
    const commentEvents = ['issue_comment', 'pull_request_review_comment'];
    const onComments = actionSteps.filter(({ workflow }) => typeof workflow.on === 'object' && workflow.on !== null && commentEvents.some((event) => event in (workflow.on as object)))
      // A job kept to an event only writers cause does not run on comments.
      .filter(({ job }) => !/^github\.event_name == '(workflow_dispatch|schedule|push)'$/.test(job.if ?? ''));
    assert.ok(onComments.length >= 2, 'the comment workflows of the page');
    for (const { name, job } of onComments) {
      assert.match(job.if ?? '', /contains\(fromJSON\('\["OWNER","MEMBER","COLLABORATOR"\]'\), github\.event\.comment\.author_association\)/, `job ${name}`);
      const group = typeof job.concurrency === 'string' ? job.concurrency : job.concurrency?.group;
      // A newer run cancels the one waiting in its group: one group per comment lets no comment cancel another's run.
      if (group !== undefined) assert.match(group, /github\.event\.comment\.id/, `job ${name}`);
    }
  });

  it('answer @elbow comments and fan a matrix of tasks out to one job each', () => {
    const example = yamlBlocks(section('Example: one job per task'));
    const exampleSteps = example.flatMap((workflow) => Object.values(workflow.jobs ?? {}).flatMap((job) => (job.steps ?? []).filter(usesTheAction).map((step) => ({ job, step, workflow }))));
    const comment = exampleSteps.find(({ workflow }) => typeof workflow.on === 'object' && workflow.on !== null && 'issue_comment' in workflow.on);
    assert.ok(comment, 'no step runs the Action on issue_comment');
    const fannedOut = exampleSteps.filter(({ job, step }) => step.with?.prompt === '${{ matrix.task }}' && Array.isArray(job.strategy?.matrix?.task));
    assert.equal(fannedOut.length, 1);
    assert.ok((fannedOut[0]?.job.strategy?.matrix?.task as unknown[]).length >= 2);
  });

  it('run the CLI itself with --json and read its result line with jq, by exit code', () => {
    const runs = jobs.flatMap(({ job }) => (job.steps ?? []).flatMap((step) => (step.run === undefined ? [] : [step.run])));
    const cli = runs.map((run) => run.replace(/\\\n\s*/g, ' ')).filter((run) => /^\s*elbow -p .*--json/m.test(run));
    assert.equal(cli.length, 1);
    assert.match(cli[0] ?? '', /jq -r/);
    assert.match(cli[0] ?? '', /code=\$\?/);
  });
});
