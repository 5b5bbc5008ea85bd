import assert from 'node:assert/strict';
import { substituteVariables, type ConfigVariableValues } from '../../../../src/core/mcp/configVariables';

const values: ConfigVariableValues = {
  environment: { TOKEN: 'secret', EMPTY: '' },
  workspaceFolder: '/work/project',
  homeDirectory: '/home/ada',
};

describe('substituteVariables', () => {
  it('replaces ${env:NAME}, ${workspaceFolder} and ${userHome}, as often as they occur', () => {
    assert.deepEqual(substituteVariables('Bearer ${env:TOKEN} ${env:TOKEN}', values), { text: 'Bearer secret secret', problems: [] });
    assert.deepEqual(substituteVariables('${workspaceFolder}/tools', values), { text: '/work/project/tools', problems: [] });
    assert.deepEqual(substituteVariables('${userHome}/bin/server', values), { text: '/home/ada/bin/server', problems: [] });
    assert.deepEqual(substituteVariables('${env:EMPTY}', values), { text: '', problems: [] });
  });

  it('makes an unset environment variable empty and says so, once, without leaving the server out', () => {
    assert.deepEqual(substituteVariables('a${env:MISSING}b${env:MISSING}', values), {
      text: 'ab',
      problems: [{ message: 'the environment variable MISSING is not set, so ${env:MISSING} is empty', leavesServerOut: false }],
    });
  });

  it('cannot resolve ${workspaceFolder} without a workspace folder', () => {
    const { text, problems } = substituteVariables('${workspaceFolder}/x', { ...values, workspaceFolder: undefined });
    assert.equal(text, '${workspaceFolder}/x');
    assert.deepEqual(problems, [{ message: '${workspaceFolder} needs an open workspace folder; the server is left out', leavesServerOut: true }]);
  });

  it('reports ${input:ID}, which Elbow cannot ask for, and points to ${env:NAME}', () => {
    const { problems } = substituteVariables('${input:github_token}', values);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.leavesServerOut, true);
    assert.match(problems[0]?.message ?? '', /^Elbow cannot ask for \$\{input:github_token\}; put the value in an environment variable and write \$\{env:NAME\} instead/);
  });

  it('leaves unknown variables, a bare ${env:} and ~ as written', () => {
    for (const written of ['${workspaceFolderBasename}', '${pathSeparator}', '${env:}', '~/bin', '$HOME', '${unclosed']) {
      assert.deepEqual(substituteVariables(written, values), { text: written, problems: [] });
    }
  });
});
