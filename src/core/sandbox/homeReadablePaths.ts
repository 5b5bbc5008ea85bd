/**
 * Paths under the home folder a sandboxed command may read (everything else of the home folder is
 * an empty folder to it): git's identity and configuration, and the toolchains builds run.
 * Credential stores inside them (`~/.cargo/credentials.toml`) stay hidden (see `credentialPaths`);
 * `elbow.sandbox.readableHomePaths` adds to the list. Git's `~/.config/git/credentials` is not
 * here on purpose, nor shell start-up files, which often export keys.
 */
export const homeReadablePaths: readonly string[] = [
  '.gitconfig',
  '.config/git/config',
  '.config/git/ignore',
  '.config/git/attributes',
  '.nvm',
  '.volta',
  '.bun',
  '.deno',
  '.rustup',
  '.cargo',
  '.pyenv',
  '.local/bin',
  '.local/lib',
  '.local/share/mise',
  '.asdf',
  '.sdkman',
  '.jdks',
  'go',
  '.m2/repository',
  '.gradle/caches',
  '.gradle/wrapper',
  '.dotnet',
  '.ghcup',
  '.nix-profile',
];
