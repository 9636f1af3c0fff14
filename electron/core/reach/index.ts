// Reachability: whether the service can reach the active profile's receiver, and how. The
// tunnel that gives a live profile a public address (tunnel/), the signed probe the receiver
// answers (probes.ts) and the check that sends one (reach-check.ts, for the active profile:
// active-check.ts), the 10-minute schedule (reach-monitor.ts), the Settings choice
// (tunnel-choice.ts), and the one object that runs them for the engine (reachability.ts).
export { Reachability } from './reachability.ts';
export type { ReachabilityOptions, ReachSettings } from './reachability.ts';
export { REACH_EVERY_MS, realTimer } from './reach-monitor.ts';
export type { ReachReason, ReachTimer } from './reach-monitor.ts';
export { ReachProbes, REACH_HEADER } from './probes.ts';
export { probeReach, failedCheck, REACH_TIMEOUT_MS } from './reach-check.ts';
export { setTunnelTool, tunnelTool } from './tunnel/index.ts';
export type { PublicAddress, TunnelSettings } from './tunnel/index.ts';
