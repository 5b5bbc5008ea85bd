/**
 * Files and folders under the home folder where tools keep credentials: hidden from sandboxed
 * commands (they see an empty folder or file). `elbow.sandbox.hiddenPaths` adds to the list.
 */
export const credentialPaths: readonly string[] = [
  '.ssh',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.kube',
  '.docker/config.json',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.gnupg',
  '.git-credentials',
  '.config/gh',
  '.config/hub',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  // Cargo also reads registry tokens from its configuration.
  '.cargo/config',
  '.cargo/config.toml',
  '.gem/credentials',
  '.terraform.d/credentials.tfrc.json',
  '.vault-token',
  '.pgpass',
  '.my.cnf',
  '.password-store',
  '.local/share/keyrings',
  '.config/op',
  '.elbow',
  '.local/share/elbow',
];
