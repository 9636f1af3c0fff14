// Strict parsing of a transport's raw input with the contract: unknown keys, NaN, wrong
// types and out-of-range values become bad_input naming the field.
import { CHANNELS } from '#shared/channels.ts';
import type { Channel } from '#shared/channels.ts';
import { fieldIssues } from '#shared/checkout-rules.ts';
import { contract } from '#shared/contract.ts';
import type { ParsedInput } from '#shared/contract.ts';
import { EngineError } from '#shared/errors.ts';

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

export function parseInput<C extends Channel>(channel: C, raw: unknown): ParsedInput<C> {
  if (!isChannel(channel)) {
    throw new EngineError('bad_input', `Unknown channel "${String(channel).slice(0, 60)}".`);
  }
  // Transports send nothing for channels without input; that means {}.
  const parsed = contract[channel].input.safeParse(raw === undefined ? {} : raw);
  if (parsed.success) return parsed.data as ParsedInput<C>;
  const issues = fieldIssues(parsed.error);
  const first = issues[0] ?? { field: '(body)', message: 'is invalid' };
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  const message =
    first.field === '(body)'
      ? `${first.message}${more}`
      : `${first.field}: ${first.message}${more}`;
  return throwBadInput(message, first.field);
}

function throwBadInput(message: string, field: string): never {
  throw new EngineError('bad_input', message, field === '(body)' ? {} : { field });
}
