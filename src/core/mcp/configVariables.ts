/** What the `${…}` variables of an MCP configuration file stand for. */
export interface ConfigVariableValues {
  environment: Readonly<Record<string, string | undefined>>;
  /** `${workspaceFolder}`; a value that uses it cannot be resolved without one. */
  workspaceFolder?: string;
  /** `${userHome}`. */
  homeDirectory: string;
  /**
   * For a file that came with the workspace: the `${env:NAME}` names it may read (those a sandboxed
   * command gets). Any other expands to nothing, so a repository cannot send the user's secrets to
   * a server or URL of its choosing. Without it (the user's own files) every name expands.
   */
  mayExpand?: (name: string) => boolean;
}

export interface ConfigVariableProblem {
  message: string;
  /** The value cannot be used as written, so neither can the server. */
  leavesServerOut: boolean;
}

export interface SubstitutedValue {
  text: string;
  problems: ConfigVariableProblem[];
}

const variablePattern = /\$\{([^}]*)\}/g;

/**
 * Replaces `${env:NAME}`, `${workspaceFolder}`, `${userHome}` (and reports `${input:ID}`, which
 * Elbow cannot prompt for). Other `${…}` are left as written.
 */
export function substituteVariables(text: string, values: ConfigVariableValues): SubstitutedValue {
  const problems: ConfigVariableProblem[] = [];
  const report = (problem: ConfigVariableProblem) => {
    if (!problems.some((known) => known.message === problem.message)) problems.push(problem);
  };
  const substituted = text.replace(variablePattern, (written, name: string) => {
    if (name.startsWith('env:') && name.length > 'env:'.length) {
      const variable = name.slice('env:'.length);
      if (values.mayExpand !== undefined && !values.mayExpand(variable)) {
        report({
          message: `${written} is empty: a workspace file expands only variables sandboxed commands get; to pass ${variable}, add it to elbow.sandbox.passEnvironment or run elbow with --pass-env ${variable}`,
          leavesServerOut: false,
        });
        return '';
      }
      const value = values.environment[variable];
      if (value !== undefined) return value;
      report({ message: `the environment variable ${variable} is not set, so ${written} is empty`, leavesServerOut: false });
      return '';
    }
    if (name === 'workspaceFolder') {
      if (values.workspaceFolder !== undefined) return values.workspaceFolder;
      report({ message: `${written} needs an open workspace folder; the server is left out`, leavesServerOut: true });
      return written;
    }
    if (name === 'userHome') return values.homeDirectory;
    if (name.startsWith('input:')) {
      report({
        message: `Elbow cannot ask for ${written}; put the value in an environment variable and write \${env:NAME} instead. The server is left out until then`,
        leavesServerOut: true,
      });
      return written;
    }
    return written;
  });
  return { text: substituted, problems };
}
