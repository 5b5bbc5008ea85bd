/** Variables that change which program runs or what it loads, reads as configuration or executes. */
const riskyVariableNames: ReadonlySet<string> = new Set([
  'PATH',
  'BASH_ENV',
  'ENV',
  'IFS',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'PS4',
  'CDPATH',
  'HOME',
  'ZDOTDIR',
  'XDG_CONFIG_HOME',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
  'LESSCLOSE',
  'BROWSER',
  'SHELL',
  'RIPGREP_CONFIG_PATH',
  'GREP_OPTIONS',
]);

const riskyVariablePrefixes = ['LD_', 'DYLD_', 'GIT_', 'NPM_CONFIG_', 'BASH_FUNC_'];

export function isRiskyVariable(name: string): boolean {
  const upperCaseName = name.toUpperCase();
  return riskyVariableNames.has(name) || riskyVariablePrefixes.some((prefix) => upperCaseName.startsWith(prefix));
}
