/**
 * What the sandbox hides of the editor's and Elbow's own data: every extension's global storage (the
 * editor keeps secrets beside it), this workspace's Elbow storage, and Elbow's data folder, where the
 * conversations shared with the terminal are.
 */
export function ownDataFolders(folders: { globalStorage: string; storageFolder: string; dataFolder: string }): string[] {
  return [folders.globalStorage, folders.storageFolder, folders.dataFolder];
}
