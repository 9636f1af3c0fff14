// Tunnels that give a live profile's receiver a public address (cloudflared, ngrok).
export { TunnelHost, ADAPTERS } from './tunnel-host.ts';
export type { PublicAddress, TunnelSettings } from './tunnel-host.ts';
export { setTunnelTool, tunnelTool } from './tool-setting.ts';
export { TunnelSupervisor } from './supervisor.ts';
export { cloudflared, cloudflaredUrlReader } from './cloudflared.ts';
export { ngrok, ngrokUrlFor, ngrokWebAddr, ngrokStartedUrl, askNgrokApi } from './ngrok.ts';
export { findOnPath } from './find-tool.ts';
export type { TunnelAdapter, TunnelTool } from './types.ts';
export { maskToolLine } from './tool-line.ts';
