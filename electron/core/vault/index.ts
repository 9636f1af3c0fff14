export type { KeyVault } from './key-vault.ts';
export { KEYTAR_MODULE, KeytarVault, SERVICE_NAME, howToFix } from './keytar-vault.ts';
export type { KeytarLike, KeytarVaultOptions } from './keytar-vault.ts';
export { MemoryVault } from './memory-vault.ts';
export { accounts, checkKeyShape, isKeyShape, maskKey, redact } from './key-shape.ts';
