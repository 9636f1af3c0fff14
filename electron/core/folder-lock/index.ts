export { takeFolderLock, alreadyRunningMessage, LOCK_FILE, KNOCK_FILE } from './folder-lock.ts';
export type { FolderLock, LockOptions } from './folder-lock.ts';
export type { ProcessIdentity } from './process-identity.ts';
