// The hub's public surface (docs/hub.md).
export { Hub } from './hub.ts';
export type { HubOptions, HubSettings } from './hub.ts';
export { checkHubUrl } from './hub-url.ts';
