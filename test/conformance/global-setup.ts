// Says once which service is being checked (never the key), and refuses a half-set target.
import { describeTarget, externalTarget } from './target-env.ts';

export default function setup(): void {
  const external = externalTarget(process.env); // throws on a half-set or malformed target
  console.log(`\nConformance target: ${describeTarget(external)}\n`);
}
