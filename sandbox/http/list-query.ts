// GET /api-checkouts query: limit 1–100 (default 50), offset ≥ 0 (default 0), active
// true|false. Anything else is a 400 that names the parameter (docs/service-api.md, house rules).
import { LIMITS } from '#shared/checkout-rules.ts';
import type { ListQuery } from '../db/checkouts.ts';
import { validationError, type ErrorDetail } from './respond.ts';

const KNOWN = new Set(['limit', 'offset', 'active']);
const DIGITS = /^\d{1,15}$/;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!KNOWN.has(name)) {
      problems.push({
        field: name,
        message: 'is not a known query parameter (use limit, offset, active)',
      });
    } else if (seen.has(name)) {
      problems.push({ field: name, message: 'must be given at most once' });
    }
    seen.add(name);
  }

  let limit: number = LIMITS.listLimitDefault;
  const rawLimit = params.get('limit');
  if (rawLimit !== null) {
    const n = DIGITS.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(n >= 1 && n <= LIMITS.listLimitMax)) {
      problems.push({
        field: 'limit',
        message: `must be an integer from 1 to ${LIMITS.listLimitMax}`,
      });
    } else limit = n;
  }

  let offset = 0;
  const rawOffset = params.get('offset');
  if (rawOffset !== null) {
    const n = DIGITS.test(rawOffset) ? Number(rawOffset) : NaN;
    if (!Number.isSafeInteger(n)) {
      problems.push({ field: 'offset', message: 'must be an integer of 0 or more' });
    } else offset = n;
  }

  let active: boolean | undefined;
  const rawActive = params.get('active');
  if (rawActive !== null) {
    if (rawActive === 'true') active = true;
    else if (rawActive === 'false') active = false;
    else problems.push({ field: 'active', message: 'must be true or false' });
  }

  if (problems.length > 0) throw validationError(problems);
  return { limit, offset, active };
}
